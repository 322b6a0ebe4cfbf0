// A try at paying a payment. Declined tries leave the payment Pending (the payer may try another
// method); every try is kept apart from the payment record, for support and the console
// (written by lib/payments/complete-payment.ts with the outcome it records).

export type AttemptOutcome = "succeeded" | "declined_by_bank" | "not_confirmed";
/** "rail": a try the payer made on the rail's page; "sandbox": one the sandbox's endpoint decided. */
export type AttemptSource = "rail" | "sandbox";

// What a hosted form's action decides, for lib/hosted/hosted-form-route.ts to answer with a 303:
// leave for an address of ours (another page) or the rail's; end the flow (the route sends the
// browser where the tenant asked, lib/hosted/return-target.ts); a payment's next step (the rail's
// page, the flow ended because it is paid, or back to the page with a message); or show the page
// again with a message (an i18n key), a notice of what was done (an action code), the fields of
// the form that were refused (each with its i18n key), and the remembered eID sign-in's cookie to set.
import type { PaymentStep } from "../payments/open-rail-payment.ts";

/** How a flow ended, which decides which of the tenant's addresses the browser goes to. */
export type FlowOutcome = { kind: "success" } | { kind: "cancel"; reason: string } | { kind: "return" };

/** The page shown again. */
export type BackOutcome = {
  back: true;
  error?: string;
  notice?: number;
  /** The form's refused fields: field name → i18n key of the hosted pages' `errors`. */
  fieldErrors?: Record<string, string>;
  cookieToken?: string;
};

/**
 * The query parameter that brings a refused field's problem back to the page (`?postalCode_error=…`).
 * Only the problem's key travels, never what was typed: a postal address does not belong in an
 * address that proxies and browser histories keep.
 */
export const fieldErrorParam = (field: string) => `${field}_error`;

export type HostedOutcome =
  { done: string | null } | { ended: FlowOutcome } | { paymentStep: PaymentStep } | BackOutcome;

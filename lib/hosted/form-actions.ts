// The forms each hosted page posts, by action name (`POST /<page>/<token>/<action>`).
import { cancelCheckout, connectPayer, payCheckout, signInToPay } from "./checkout-flow.ts";
import { consentToConnect, endConnect, signInToConnect } from "./connect-flow.ts";
import type { HostedAction } from "./hosted-form-route.ts";
import { cancelPaymentFlow, payPaymentFlow } from "./payment-flow.ts";
import { leavePayoutAccount, savePayoutAccount } from "./payout-account-flow.ts";
import { answerOfferOnStatusPage, makeOfferOnStatusPage } from "./offer-flow.ts";
import { actOnStatusPage } from "./status-flow.ts";

const field = (form: FormData, name: string) => String(form.get(name) ?? "");

export const connectActions: Record<string, HostedAction<"Connect">> = {
  "sign-in": ({ session, form, token, now }) => signInToConnect(session, field(form, "identity"), token, now),
  consent: ({ session, signInToken, form, now }) => consentToConnect(session, signInToken, form, now),
  decline: ({ session, now }) => endConnect(session, "consent_declined", now),
  cancel: ({ session, now }) => endConnect(session, "cancelled", now),
};

export const checkoutActions: Record<string, HostedAction<"Checkout">> = {
  "sign-in": ({ session, form, token }) => signInToPay(session, field(form, "identity"), token),
  consent: ({ session, signInToken, form, now }) => connectPayer(session, signInToken, form, now),
  pay: ({ session, token, now }) => payCheckout(session, token, now),
  cancel: ({ session, now }) => cancelCheckout(session, now),
};

export const paymentFlowActions: Record<string, HostedAction<"PaymentFlow">> = {
  pay: ({ session, token }) => payPaymentFlow(session, token),
  cancel: ({ session, now }) => cancelPaymentFlow(session, now),
};

export const statusActions: Record<string, HostedAction<"TradeStatus">> = {
  act: ({ session, token, form, now, locale }) => actOnStatusPage(session, token, form, now, locale),
  offer: (context) => makeOfferOnStatusPage(context),
  "accept-offer": (context) => answerOfferOnStatusPage(context, "accept"),
  "decline-offer": (context) => answerOfferOnStatusPage(context, "decline"),
};

export const payoutAccountActions: Record<string, HostedAction<"PayoutAccount">> = {
  save: ({ session, form, now, clientAddress }) => savePayoutAccount(session, form, now, clientAddress),
  cancel: ({ session, now }) => leavePayoutAccount(session, now),
};

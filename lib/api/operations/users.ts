// The users operations of the v1 API (spec 4.4, 4.6; decisions.md §1, §6).
import { COMMON_ERRORS, defineOperation } from "../operation.ts";
import {
  ConnectedUser,
  InitiateUserConnectBody,
  InitiateUserConnectQuery,
  MarketplaceUserParams,
  PayoutAccountBody,
  RedirectResponse,
  SandboxConnectBody,
  UserDetails,
} from "../../users/schemas.ts";

export const initiateUserConnect = defineOperation({
  operationId: "initiateUserConnect",
  method: "POST",
  path: "/v1/marketplace/users/connect",
  summary: "Initiate user connect",
  description:
    "Starts the connect flow for a marketplace user. Send the user's browser to `redirectUrl`: " +
    "the user signs in with the national electronic ID (a sign-in from the last hour in the " +
    "same browser is reused unless `forceOnboarding=true`), consents to connecting to your " +
    "marketplace, and is sent to `successUrl`. A `user.connected` webhook pairs the marketplace " +
    "user id with the service account id and reports the KYC level. Otherwise the browser goes " +
    "to `cancelUrl` with `reason` = `cancelled`, `consent_declined`, `sign_in_failed` or " +
    "`kyc_level_not_met` (the person does not reach `requiredKycLevel`: level 1 needs the eID " +
    "and no name/address protection unless passport-verified, level 2 needs passport " +
    "verification). With `appSwitch`, the browser returns into your app instead (see " +
    "AppSwitch). The link expires after an hour and, once opened, works only in that browser.",
  tags: ["Users"],
  query: InitiateUserConnectQuery,
  body: InitiateUserConnectBody,
  response: RedirectResponse,
  errors: [
    ...COMMON_ERRORS,
    "malformed-request",
    "payload-too-large",
    "idempotency-in-progress",
    "idempotency-key-mismatch",
  ],
  liveNeeds: ["identity"],
});

export const getUserDetails = defineOperation({
  operationId: "getUserDetails",
  method: "GET",
  path: "/v1/marketplace/users/{marketplaceUserId}",
  summary: "Get user details",
  description:
    "The connected user's service account: name, phone number, payout bank account and KYC level. 404 until the user is connected.",
  tags: ["Users"],
  params: MarketplaceUserParams,
  response: UserDetails,
  errors: [...COMMON_ERRORS, "not-found"],
});

export const sandboxConnectUser = defineOperation({
  operationId: "sandboxConnectUser",
  method: "POST",
  path: "/v1/sandbox/users/{marketplaceUserId}/connect",
  summary: "Sandbox: connect a user",
  description:
    "Test tokens only. Connects the user as if the connect flow had succeeded with the given KYC level, and sends `user.connected`.",
  tags: ["Sandbox"],
  params: MarketplaceUserParams,
  body: SandboxConnectBody,
  response: ConnectedUser,
  sandboxOnly: true,
  errors: [
    ...COMMON_ERRORS,
    "forbidden",
    "malformed-request",
    "payload-too-large",
    "idempotency-in-progress",
    "idempotency-key-mismatch",
  ],
});

export const initiateSelectPayoutAccount = defineOperation({
  operationId: "initiateSelectPayoutAccount",
  method: "POST",
  path: "/v1/marketplace/users/{marketplaceUserId}/payout-account",
  summary: "Initiate select payout account",
  description:
    "A hosted page where the connected user chooses one of the bank accounts they entered " +
    "before, or enters a new one: an IBAN (its country's length and check digits are verified) " +
    "or a Danish registration number (4 digits) and account number. Afterwards the browser goes " +
    "to `returnUrl` (when given; else the page says it is saved), or, when the user goes back " +
    "without saving, to `returnUrl` with `reason=cancelled` added. Payouts that waited for an " +
    "account leave once it is chosen.",
  tags: ["Users"],
  params: MarketplaceUserParams,
  body: PayoutAccountBody,
  response: RedirectResponse,
  errors: [
    ...COMMON_ERRORS,
    "malformed-request",
    "payload-too-large",
    "not-found",
    "idempotency-in-progress",
    "idempotency-key-mismatch",
  ],
  liveNeeds: ["paymentRail"],
});

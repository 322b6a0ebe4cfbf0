// How to aim each console endpoint and object page at one tenant's real objects (the console
// world, tests/helpers/console-world.ts): the calls the isolation matrix makes as another tenant,
// and the valid requests the console fuzzer breaks one parameter at a time. A new endpoint or
// object page on disk without an entry here fails both.
import { EXAMPLE_BUSINESS } from "./api-world.ts";
import type { ConsoleWorld } from "./console-world.ts";

export type Call = { params?: Record<string, string>; query?: string; body?: unknown };
/** "object": takes one of A's ids, must be 404. "tenant": acts on the caller's tenant, answers one of `statuses`. */
export type Target =
  | { kind: "object"; calls: (a: ConsoleWorld) => Call[] }
  | { kind: "tenant"; statuses: number[]; calls: (a: ConsoleWorld) => Call[] };

const each = (ids: string[] | undefined, name: string, body?: unknown): Call[] =>
  (ids ?? []).map((id) => ({ params: { [name]: id }, body }));
const businessUser = (body: unknown): Call[] => [{ params: { ...EXAMPLE_BUSINESS }, body }];
// B's own business user under A's business id (a tenant-chosen id) but another location, so that A's key stays unknown to B.
const newBusiness = {
  businessId: EXAMPLE_BUSINESS.businessId,
  businessLocationId: "2012345678",
  name: "B's shop",
  phoneNumber: "+4587654321",
  address: {},
  payoutsAccountNumber: "DK5000400440116243",
};

export const TARGETS: Record<string, Target> = {
  "POST business-users/[businessId]/[businessLocationId]/delete": {
    kind: "object",
    calls: () => businessUser({ mode: "test" }),
  },
  "POST business-users/[businessId]/[businessLocationId]/edit": {
    kind: "object",
    calls: () => businessUser({ mode: "test", name: "Taken over", phoneNumber: null, address: {} }),
  },
  "POST developers/api-keys/[tokenId]/revoke": { kind: "object", calls: (a) => each(a.ids.tokenId, "tokenId") },
  "POST developers/api-keys/[tokenId]/reveal": { kind: "object", calls: (a) => each(a.ids.tokenId, "tokenId") },
  "GET developers/request-log/[entryId]": { kind: "object", calls: (a) => each(a.ids.entryId, "entryId") },
  "POST team/[staffId]/access": { kind: "object", calls: (a) => each(a.ids.staffId, "staffId", { disabled: true }) },
  "POST team/[staffId]/invitation": { kind: "object", calls: (a) => each(a.ids.staffId, "staffId") },
  "POST team/[staffId]/role": { kind: "object", calls: (a) => each(a.ids.staffId, "staffId", { role: "viewer" }) },
  "POST team/[staffId]/sessions": { kind: "object", calls: (a) => each(a.ids.staffId, "staffId") },
  "POST team/[staffId]/sign-in-throttle": { kind: "object", calls: (a) => each(a.ids.staffId, "staffId") },
  "POST trades/[tradeId]/cancel": {
    kind: "object",
    calls: (a) =>
      a.ids.tradeId!.map((tradeId) => ({ params: { tradeId }, body: { state: a.tradeStates.get(tradeId) } })),
  },
  "POST trades/[tradeId]/resolve": {
    kind: "object",
    calls: (a) =>
      a.ids.tradeId!.map((tradeId) => ({
        params: { tradeId },
        body: { outcome: "refund", state: a.tradeStates.get(tradeId) },
      })),
  },
  "POST trades/[tradeId]/settle": {
    kind: "object",
    calls: (a) =>
      a.ids.tradeId!.map((tradeId) => ({
        params: { tradeId },
        body: { refundAmount: "1.00", reason: "Taken over", state: a.tradeStates.get(tradeId) },
      })),
  },
  "POST trades/[tradeId]/chargebacks/[chargebackId]/decision": {
    kind: "object",
    calls: (a) =>
      a.ids.chargebackId!.map((chargebackId) => ({
        params: { tradeId: a.trades.ChargedBack!, chargebackId },
        body: { decision: "RecoverFromPayee" },
      })),
  },
  "POST webhook-events/[eventId]/redeliver": { kind: "object", calls: (a) => each(a.ids.eventId, "eventId") },
  "POST webhooks/subscriptions/[subscriptionId]": {
    kind: "object",
    calls: (a) => each(a.ids.subscriptionId, "subscriptionId", { enabled: false, url: "http://localhost:9/stolen" }),
  },
  "POST webhooks/subscriptions/[subscriptionId]/delete": {
    kind: "object",
    calls: (a) => each(a.ids.subscriptionId, "subscriptionId"),
  },
  "POST webhooks/subscriptions/[subscriptionId]/rotate-secret": {
    kind: "object",
    calls: (a) => each(a.ids.subscriptionId, "subscriptionId"),
  },
  "POST webhooks/subscriptions/[subscriptionId]/test": {
    kind: "object",
    calls: (a) => each(a.ids.subscriptionId, "subscriptionId"),
  },
  // Lists, filtered on A's own ids where a filter takes one: B's rows only (none).
  "GET developers/api-keys": { kind: "tenant", statuses: [200], calls: () => [{}, { query: "mode=live" }] },
  "GET developers/request-log": {
    kind: "tenant",
    statuses: [200],
    calls: (a) => [{}, ...a.correlationIds.map((id) => ({ query: `correlationId=${id}` }))],
  },
  "GET trades": {
    kind: "tenant",
    statuses: [200],
    calls: (a) => [{}, ...a.ids.tradeId!.slice(0, 2).map((id) => ({ query: `q=${id}` }))],
  },
  "GET users": { kind: "tenant", statuses: [200], calls: () => [{}, { query: "q=seller" }, { query: "mode=live" }] },
  "GET exports/[kind]": {
    kind: "tenant",
    statuses: [200],
    calls: () =>
      ["trades", "payouts", "ledger-movements"].flatMap((kind) => [
        { params: { kind }, query: "from=2020-01-01&to=2099-12-31" },
        { params: { kind }, query: "from=2020-01-01&to=2099-12-31&format=jsonl&mode=live" },
      ]),
  },
  "GET payouts": {
    kind: "tenant",
    statuses: [200],
    calls: () => [{}, { query: "state=Paid" }, { query: "mode=live" }, { query: "from=2020-01-01&to=2099-12-31" }],
  },
  "GET finance": {
    kind: "tenant",
    statuses: [200],
    calls: () => [{}, { query: "mode=live" }, { query: "day=2020-01-01" }],
  },
  "GET webhooks/deliveries": {
    kind: "tenant",
    statuses: [200],
    calls: (a) => [{}, { query: `subscription=${a.ids.subscriptionId![0]}` }],
  },
  // Creations and settings: B's own.
  "POST business-users": { kind: "tenant", statuses: [200], calls: () => [{ body: { ...newBusiness, mode: "test" } }] },
  "POST developers/api-keys": {
    kind: "tenant",
    statuses: [200],
    calls: () => [{ body: { name: "B's key", mode: "live" } }],
  },
  "POST settings/business-ids": {
    kind: "tenant",
    statuses: [200],
    calls: () => [{ body: { allowedBusinessIds: [EXAMPLE_BUSINESS.businessId, "87654321"] } }],
  },
  "POST settings/currency": { kind: "tenant", statuses: [200], calls: () => [{ body: { currency: "EUR" } }] },
  "POST settings/deadlines": {
    kind: "tenant",
    statuses: [200],
    calls: () => [
      {
        body: {
          unpaidExpirySeconds: 7200,
          shipmentDeadlineSeconds: 86400 * 3,
          acceptanceDeadlineSeconds: 86400 * 2,
          returnShipmentDeadlineSeconds: 86400 * 3,
          returnAcceptanceDeadlineSeconds: 86400 * 2,
        },
      },
    ],
  },
  "POST settings/fee-account": {
    kind: "tenant",
    statuses: [200],
    calls: () => [{ body: { accountNumber: "DK5000400440116243", holderName: "B ApS", acceptTerms: true } }],
  },
  "POST settings/rate-limit": { kind: "tenant", statuses: [200], calls: () => [{ body: { rateLimitPerMinute: 600 } }] },
  "POST settings/hosted-pages": {
    kind: "tenant",
    statuses: [200],
    calls: () => [
      { body: { brandName: "B", brandColor: "#123456", locale: "da", allowedRedirectOrigins: ["https://b.example"] } },
    ],
  },
  // Staff are per tenant: B may invite the addresses of A's members (B's own new members, answered as
  // for any address, saying nothing about A), and A's rows stay untouched. (Until session 6 the
  // addresses were unique across tenants and refused with 400, which told B they had a login.)
  "POST team": {
    kind: "tenant",
    statuses: [200],
    calls: (a) => [
      { body: { email: a.viewerEmail, role: "admin" } },
      { body: { email: a.invitedEmail, role: "viewer" } },
    ],
  },
  "POST webhooks/subscriptions": {
    kind: "tenant",
    statuses: [200],
    calls: () => [{ body: { url: "http://localhost:9/b-hooks", mode: "test" } }],
  },
  // No session needed: the link's token is the credential (any tenant's session is irrelevant). A wrong token is refused.
  "POST invitations/accept": {
    kind: "tenant",
    statuses: [410],
    calls: () => [{ body: { token: "not-a-real-invitation-token", password: "a long enough password" } }],
  },
};

/** Each console page that loads one object, with A's ids for its parameters. */
export const PAGES: Record<string, (a: ConsoleWorld) => Record<string, string>[]> = {
  "trades/[tradeId]": (a) => a.ids.tradeId!.map((tradeId) => ({ tradeId })),
  "users/[marketplaceUserId]": (a) => a.ids.marketplaceUserId!.map((marketplaceUserId) => ({ marketplaceUserId })),
  "webhooks/[subscriptionId]": (a) => a.ids.subscriptionId!.map((subscriptionId) => ({ subscriptionId })),
  "webhooks/deliveries/[deliveryId]": (a) => a.ids.deliveryId!.map((deliveryId) => ({ deliveryId })),
  "business-users/[businessId]/[businessLocationId]/edit": () => [{ ...EXAMPLE_BUSINESS }],
};

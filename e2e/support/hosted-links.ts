// One link to each hosted page, in the state a payer or seller usually finds it, made through the
// sandbox API: the script budget test (e2e/hosted-script-budget.spec.ts) and the Lighthouse
// benchmark (scripts/bench/lighthouse.ts) open the same pages.
import { sandboxTrade, type TenantApi } from "./api.ts";
import { deliver } from "./journeys.ts";

export type HostedLink = { name: string; url: string };

export async function oneLinkPerHostedPage(api: TenantApi, baseURL: string, suffix: string): Promise<HostedLink[]> {
  const back = { successUrl: `${baseURL}/?done`, cancelUrl: `${baseURL}/?cancelled` };
  const connect = await api.connectLink({ marketplaceUserId: `links-connect-${suffix}`, ...back });
  // A connected payer: the checkout's pay step, the page most payers see.
  const checkout = await sandboxTrade(api, baseURL, `links-checkout-${suffix}`);
  const pending = await sandboxTrade(api, baseURL, `links-pay-${suffix}`);
  const escrow = await api.acceptAndPay(pending.buyer, pending.tradeId);
  const pay = await api.paymentFlowLink(pending.buyer, escrow.paymentId, back);
  // Delivered, then rejected by the buyer: the seller's status page offers a price reduction.
  const rejected = await sandboxTrade(api, baseURL, `links-status-${suffix}`);
  await deliver(api, rejected.buyer, rejected.seller, rejected.tradeId);
  await api.post(`/marketplace/users/${rejected.buyer}/trades/${rejected.tradeId}/condition/reject`, "Torn saddle");
  const status = await api.statusLink(rejected.seller, rejected.tradeId, { returnUrl: `${baseURL}/?back` });
  const payout = await api.payoutLink(rejected.seller, { returnUrl: `${baseURL}/?back` });
  const trade = await api.trade(rejected.buyer, rejected.tradeId);
  return [
    { name: "connect", url: connect },
    { name: "checkout", url: checkout.redirectUrl },
    { name: "pay", url: pay },
    { name: "status (offer forms)", url: status },
    { name: "payout account", url: payout },
    { name: "tracking", url: trade.phases.delivery.labelTracking as string },
  ];
}

// Trade journeys driven over HTTP that survive the server dying under them. A journey reads the
// trade and makes the next call its state asks for, so a call whose answer was lost to a crash is
// never repeated blindly: if it committed, the trade has moved and the next read shows it; if it
// did not, it is made again. Initiate is retried with the same checkoutUniquenessKey, which is
// what keeps a lost answer from becoming a second trade.
import { initiateBody } from "../../../scripts/bench/load.ts";
import { ServerDown, type HttpClient, type HttpResult } from "./http-client.ts";

export type JourneyKind = "release" | "cancelPaid" | "cancelUnpaid" | "rejectCondition";
export const JOURNEY_KINDS: JourneyKind[] = ["release", "cancelPaid", "cancelUnpaid", "rejectCondition"];

export interface Journey {
  kind: JourneyKind;
  payer: string;
  payee: string;
  key: string;
}

const DONE: Record<JourneyKind, string[]> = {
  release: ["Succeeded", "Released"],
  cancelPaid: ["Cancelled"],
  cancelUnpaid: ["Cancelled"],
  rejectCondition: ["ConditionRejected"],
};

/** Runs one journey to its end; `serverUp` resolves when the server answers again (rejects: give up). */
export async function runJourney(
  api: HttpClient,
  journey: Journey,
  serverUp: () => Promise<void>,
): Promise<{ tradeId: string; state: string }> {
  let tradeId: string | null = null;
  let downs = 0;
  for (let steps = 0; steps < 60;) {
    try {
      if (!tradeId) {
        tradeId = await initiate(api, journey);
        continue;
      }
      steps++;
      const trade = expectOk(await api.trade(journey.payer, tradeId), "read the trade");
      if (DONE[journey.kind].includes(trade.state)) return { tradeId, state: trade.state };
      await next(api, journey, tradeId, trade);
    } catch (error) {
      if (!(error instanceof ServerDown)) throw error;
      // A few per kill; many more means a server that is up but keeps failing (a 5xx bug).
      if (++downs > 100) throw error;
      await serverUp().catch(() => Promise.reject(error)); // a caller without restarts: the failure itself
    }
  }
  throw new Error(`Journey ${journey.key} (${journey.kind}) did not finish in 60 steps`);
}

async function initiate(api: HttpClient, journey: Journey): Promise<string> {
  const result = await api.initiate({
    ...initiateBody(journey.payer, journey.payee),
    checkoutUniquenessKey: journey.key,
  });
  if (result.status === 200) return result.json.tradeId;
  // The first attempt committed but its answer was lost: the key names the trade it made.
  const holder = result.status === 409 && /trade ([0-9a-f-]{36})/.exec(String(result.json?.detail))?.[1];
  if (!holder) throw new Error(`initiate: ${result.status} ${JSON.stringify(result.json)}`);
  return holder;
}

async function next(
  api: HttpClient,
  journey: Journey,
  id: string,
  trade: { state: string; phases: { delivery: { labelId: string } } },
) {
  const { payer, payee, kind } = journey;
  switch (trade.state) {
    case "Created":
      if (kind === "cancelUnpaid") return settled(await api.cancel(id, "Created"));
      return settled(await api.acceptAndPay(payer, id)); // the next read finds InvitationAccepted
    case "InvitationAccepted": {
      const payment = expectOk(await api.escrowPayment(payer, id), "read the payment");
      return settled(await api.completePayment(payment.paymentId ?? payment.id));
    }
    case "AwaitingShipment":
      if (kind === "cancelPaid") return settled(await api.cancel(id, "AwaitingShipment"));
      return settled(await api.buyDelivery(payee, id));
    case "LabelCreated":
      return settled(await api.track(trade.phases.delivery.labelId, "sent"));
    case "Sent":
      return settled(await api.track(trade.phases.delivery.labelId, "delivered"));
    case "Delivered":
      if (kind === "rejectCondition") return settled(await api.rejectCondition(payer, id));
      return settled(await api.acceptCondition(payer, id));
    default:
      throw new Error(`Journey ${journey.key} (${kind}) reached ${trade.state}`);
  }
}

function expectOk(result: HttpResult, what: string) {
  if (result.status !== 200) throw new Error(`${what}: ${result.status} ${JSON.stringify(result.json)}`);
  return result.json;
}

/** 200, or a 409 meaning someone (a deadline, a retried call) moved the trade first: read it again. */
function settled(result: HttpResult) {
  if (result.status === 200 || result.status === 409) return;
  throw new Error(`${result.status} ${JSON.stringify(result.json)}`);
}

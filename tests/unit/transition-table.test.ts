// The trade lifecycle table, tested exhaustively: every (state, action, actor) triple, allowed or
// not, and the invariants every path through it must keep.
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import { FUNDED_STATES, PHASE_OF, TERMINAL_STATES, TRADE_STATES, type TradeState } from "../../lib/trades/states.ts";
import { decide, decideOrThrow, statesAllowing } from "../../lib/trades/transition.ts";
import type { LedgerMovement } from "../../lib/money/ledger-kinds.ts";
import { TRANSITIONS, type Action, type Actor } from "../../lib/trades/transition-table.ts";

const ACTORS: Actor[] = ["payer", "payee", "tenant", "staff", "carrier", "paymentRail", "scheduler"];
const ACTIONS = [...new Set(Object.values(TRANSITIONS).flatMap((row) => Object.keys(row ?? {})))] as Action[];

// The lifecycle written out independently of the table: "State action actor -> Next".
const ALLOWED = `
Created acceptInvitation payer -> InvitationAccepted
Created rejectInvitation payer -> Cancelled
Created abandon payer -> Cancelled
Created abandon payee -> Cancelled
Created escrowPaid paymentRail -> AwaitingShipment
Created checkoutCancelled payer -> Cancelled
Created expireUnpaid scheduler -> Cancelled
Created cancel tenant -> Cancelled
InvitationAccepted rejectInvitation payer -> Cancelled
InvitationAccepted abandon payer -> Cancelled
InvitationAccepted abandon payee -> Cancelled
InvitationAccepted escrowPaid paymentRail -> AwaitingShipment
InvitationAccepted checkoutCancelled payer -> Cancelled
InvitationAccepted expireUnpaid scheduler -> Cancelled
InvitationAccepted cancel tenant -> Cancelled
AwaitingShipment buyDeliveryLabel payee -> AwaitingShipment
AwaitingShipment acceptHandedOver payer -> Succeeded
AwaitingShipment deliveryLabelCreated paymentRail -> LabelCreated
AwaitingShipment cancel tenant -> Cancelled
AwaitingShipment shipmentDeadlinePassed scheduler -> Cancelled
LabelCreated shipmentSent carrier -> Sent
LabelCreated shipmentLost carrier -> Cancelled
LabelCreated cancel tenant -> Cancelled
LabelCreated shipmentDeadlinePassed scheduler -> Cancelled
Sent shipmentPickupReady carrier -> PickupReady
Sent shipmentDelivered carrier -> Delivered
Sent shipmentLost carrier -> Cancelled
Sent shipmentReturned carrier -> Cancelled
PickupReady shipmentDelivered carrier -> Delivered
PickupReady shipmentLost carrier -> Cancelled
PickupReady shipmentReturned carrier -> Cancelled
Delivered acceptCondition payer -> Succeeded
Delivered autoAcceptCondition scheduler -> Succeeded
Delivered rejectCondition payer -> ConditionRejected
ConditionRejected acceptRejection payee -> ReturnAwaitingShipment
ConditionRejected autoAcceptRejection scheduler -> ReturnAwaitingShipment
ConditionRejected disputeRejection payee -> Disputed
ConditionRejected settle tenant -> Succeeded
ConditionRejected settle staff -> Succeeded
ConditionRejected settleInFull tenant -> Returned
ConditionRejected settleInFull staff -> Returned
ConditionRejected makeOffer payee -> ConditionRejected
ConditionRejected acceptOffer payer -> Succeeded
ConditionRejected declineOffer payer -> ConditionRejected
ConditionRejected lapseOffer scheduler -> ConditionRejected
ReturnAwaitingShipment buyReturnLabel payer -> ReturnAwaitingShipment
ReturnAwaitingShipment returnLabelCreated paymentRail -> ReturnLabelCreated
ReturnAwaitingShipment returnDeadlinePassed scheduler -> Succeeded
ReturnLabelCreated returnShipmentSent carrier -> ReturnSent
ReturnLabelCreated returnShipmentLost carrier -> Disputed
ReturnLabelCreated returnDeadlinePassed scheduler -> Succeeded
ReturnSent returnShipmentPickupReady carrier -> ReturnPickupReady
ReturnSent returnShipmentDelivered carrier -> ReturnDelivered
ReturnSent returnShipmentLost carrier -> Disputed
ReturnSent returnShipmentReturned carrier -> Disputed
ReturnPickupReady returnShipmentDelivered carrier -> ReturnDelivered
ReturnPickupReady returnShipmentLost carrier -> Disputed
ReturnPickupReady returnShipmentReturned carrier -> Disputed
ReturnDelivered acceptReturnCondition payee -> Returned
ReturnDelivered autoAcceptReturnCondition scheduler -> Returned
ReturnDelivered rejectReturnCondition payee -> Disputed
Disputed resolveRelease staff -> Succeeded
Disputed resolveRefund staff -> Returned
Disputed settle tenant -> Succeeded
Disputed settle staff -> Succeeded
Disputed settleInFull tenant -> Returned
Disputed settleInFull staff -> Returned
Disputed makeOffer payee -> Disputed
Disputed acceptOffer payer -> Succeeded
Disputed declineOffer payer -> Disputed
Disputed lapseOffer scheduler -> Disputed
Succeeded payoutCompleted paymentRail -> Released
`
  .trim()
  .split("\n")
  .map((line) => {
    const [state, action, actor, , to] = line.split(" ") as [TradeState, Action, Actor, string, TradeState];
    return { state, action, actor, to };
  });

const allowedKey = (state: string, action: string, actor: string) => `${state} ${action} ${actor}`;
const allowedMap = new Map(ALLOWED.map((t) => [allowedKey(t.state, t.action, t.actor), t.to]));

describe("the transition table", () => {
  it("allows exactly the listed triples, and refuses every other one naming where it is allowed", () => {
    let checked = 0;
    for (const state of TRADE_STATES) {
      for (const action of ACTIONS) {
        for (const actor of ACTORS) {
          checked++;
          const decision = decide(state, action, actor);
          const expected = allowedMap.get(allowedKey(state, action, actor));
          if (expected) {
            expect(decision.ok, allowedKey(state, action, actor)).toBe(true);
            if (decision.ok) expect(decision.rule.to).toBe(expected);
          } else {
            expect(decision.ok, allowedKey(state, action, actor)).toBe(false);
            if (!decision.ok) {
              const where = ALLOWED.filter((t) => t.action === action && t.actor === actor).map((t) => t.state);
              expect(decision.allowedIn).toEqual(TRADE_STATES.filter((s) => where.includes(s)));
            }
          }
        }
      }
    }
    expect(checked).toBe(TRADE_STATES.length * ACTIONS.length * ACTORS.length);
  });

  it("words a refusal as the API's invalid-state naming the current and the allowed states", () => {
    try {
      decideOrThrow("Sent", "cancel", "tenant");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe("invalid-state");
      expect((error as AppError).message).toBe(
        "The tenant cannot cancel the trade: the trade is `Sent`; this is allowed only when the " +
          "trade is `Created`, `InvitationAccepted`, `AwaitingShipment`, `LabelCreated`.",
      );
    }
    expect(() => decideOrThrow("Delivered", "acceptCondition", "payee")).toThrow(/never allowed for the payee/);
  });
});

describe("who may do what", () => {
  it("lets the tenant cancel only before the parcel is sent (decisions.md §3)", () => {
    expect(statesAllowing("cancel", "tenant")).toEqual([
      "Created",
      "InvitationAccepted",
      "AwaitingShipment",
      "LabelCreated",
    ]);
  });

  it("lets either party abandon only before payment", () => {
    expect(statesAllowing("abandon", "payer")).toEqual(["Created", "InvitationAccepted"]);
    expect(statesAllowing("abandon", "payee")).toEqual(["Created", "InvitationAccepted"]);
  });

  it("gives the payer the invitation and the delivered item, the payee the label and the returned item", () => {
    const actorsOf = (action: Action) => new Set(ALLOWED.filter((t) => t.action === action).map((t) => t.actor));
    for (const action of [
      "acceptInvitation",
      "rejectInvitation",
      "acceptCondition",
      "rejectCondition",
      "buyReturnLabel",
    ] as Action[]) {
      expect(actorsOf(action), action).toEqual(new Set(["payer"]));
    }
    for (const action of [
      "buyDeliveryLabel",
      "acceptReturnCondition",
      "rejectReturnCondition",
      "acceptRejection",
      "disputeRejection",
    ] as Action[]) {
      expect(actorsOf(action), action).toEqual(new Set(["payee"]));
    }
  });
});

describe("the lifecycle graph", () => {
  const next = (state: TradeState) => Object.values(TRANSITIONS[state] ?? {}).map((r) => r!.to);
  const reachableFrom = (start: TradeState) => {
    const seen = new Set<TradeState>([start]);
    const queue = [start];
    while (queue.length) {
      for (const to of next(queue.shift()!)) {
        if (seen.has(to)) continue;
        seen.add(to);
        queue.push(to);
      }
    }
    return seen;
  };

  it("has no way out of a terminal state, and every other state can finish", () => {
    for (const state of TERMINAL_STATES) expect(next(state)).toEqual([]);
    for (const state of TRADE_STATES) {
      expect(
        [...reachableFrom(state)].some((s) => TERMINAL_STATES.has(s)),
        state,
      ).toBe(true);
    }
  });

  it("reaches every state from Created", () => {
    expect([...reachableFrom("Created")].sort()).toEqual([...TRADE_STATES].sort());
  });

  it("emits every trade event name of spec section 6, and the four additive ones of decisions.md §9", () => {
    const emitted = new Set(
      Object.values(TRANSITIONS).flatMap((row) => Object.values(row ?? {}).flatMap((r) => r!.events)),
    );
    expect(emitted.size).toBe(19 + 4);
    for (const additive of ["trade.settled", "trade.offer_made", "trade.offer_accepted", "trade.offer_declined"])
      expect(emitted).toContain(additive);
  });

  it("sets the finished timestamp of the state it enters", () => {
    const stamp: Partial<Record<TradeState, string>> = {
      Cancelled: "cancelledAt",
      Succeeded: "succeededAt",
      Returned: "returnedAt",
      Released: "releasedAt",
      Delivered: "deliveredAt",
      Sent: "sentAt",
    };
    for (const t of ALLOWED) {
      const expected = stamp[t.to];
      if (!expected || t.to === t.state) continue;
      const decision = decide(t.state, t.action, t.actor);
      expect(decision.ok && decision.rule.timestamps, allowedKey(t.state, t.action, t.actor)).toContain(expected);
    }
  });

  it("moves money consistently on every path: funded once, emptied once, paid out only after settling", () => {
    // Walk every path from Created (the graph has no cycles but self-loops) and track escrow.
    type Walk = { state: TradeState; escrow: 0 | 1; settled: boolean; paidOut: boolean };
    const finished: Walk[] = [];
    const stack: Walk[] = [{ state: "Created", escrow: 0, settled: false, paidOut: false }];
    while (stack.length) {
      const walk = stack.pop()!;
      expect(FUNDED_STATES.has(walk.state), walk.state).toBe(walk.escrow === 1);
      if (PHASE_OF[walk.state] === "finished" && TERMINAL_STATES.has(walk.state)) finished.push(walk);
      for (const rule of Object.values(TRANSITIONS[walk.state] ?? {})) {
        if (rule!.to === walk.state) continue;
        const step = { ...walk, state: rule!.to };
        for (const movement of rule!.ledger as LedgerMovement[]) {
          if (movement === "fundEscrow") {
            expect(step.escrow).toBe(0);
            step.escrow = 1;
          } else if (movement === "refundPayer" || movement === "settle" || movement === "settleWithRefund") {
            expect(step.escrow).toBe(1);
            step.escrow = 0;
            step.settled ||= movement !== "refundPayer";
          } else if (movement === "delivery_label" || movement === "return_label") {
            // A label is paid while the item's money is held: it spends only shipping money.
            expect(step.escrow).toBe(1);
          } else {
            expect(step.settled).toBe(true);
            step.paidOut = true;
          }
        }
        stack.push(step);
      }
    }
    expect(finished.length).toBeGreaterThan(20);
    for (const walk of finished) {
      expect(walk.escrow).toBe(0);
      if (walk.state === "Released") expect(walk.paidOut).toBe(true);
    }
  });
});

describe("docs/states.md", () => {
  it("is the table as the engine runs it (regenerate with `npm run docs:states`)", async () => {
    const { readFileSync } = await import("node:fs");
    const { renderStatesDoc } = await import("../../lib/trades/states-doc.ts");
    expect(readFileSync("docs/states.md", "utf8")).toBe(renderStatesDoc());
  });
});

// Renders docs/states.md from the transition table, so the published state machine is the one
// the engine runs (a test compares the file with this output).
import { ACTION_SOURCES } from "./action-sources.ts";
import { PHASE_OF, TRADE_STATES } from "./states.ts";
import { TRANSITIONS, type Action } from "./transition-table.ts";

export function renderStatesDoc(): string {
  const lines: string[] = [];
  const rows = TRADE_STATES.flatMap((state) =>
    Object.entries(TRANSITIONS[state] ?? {}).map(([action, rule]) => ({
      state,
      action: action as Action,
      rule: rule!,
    })),
  );

  lines.push(
    "# Trade states",
    "",
    "<!-- Generated from lib/trades/transition-table.ts by `npm run docs:states`; do not edit by hand. -->",
    "",
    "A trade moves through four phases: contract (invitation, payment), delivery (shipment, the payer's",
    "acceptance), an optional return, and finished. Every Trade response carries its `state`. Any",
    "action not listed for the trade's current state and caller is refused with 409 `invalid-state`,",
    "whose `detail` names the current state and the states where the action is allowed.",
    "",
    "```mermaid",
    "stateDiagram-v2",
    "  [*] --> Created",
  );
  for (const { state, action, rule } of rows) if (rule.to !== state) lines.push(`  ${state} --> ${rule.to}: ${action}`);
  lines.push("  Released --> [*]", "  Cancelled --> [*]", "  Returned --> [*]", "```", "");

  lines.push("## States", "", "| State | Phase |", "|---|---|");
  for (const state of TRADE_STATES) lines.push(`| \`${state}\` | ${PHASE_OF[state]} |`);
  lines.push("");

  lines.push(
    "## Transitions",
    "",
    "Money: `fundEscrow` = the payer's payment into escrow; `refundPayer` = everything in escrow back to",
    "the payer; `settle` = escrow split into the payee's payout, the service's and the tenant's revenue;",
    "`payout` = the payout leaves for the payee's bank account.",
    "",
    "| From | Action | By | To | Webhook events | Money | Caused by |",
    "|---|---|---|---|---|---|---|",
  );
  for (const { state, action, rule } of rows) {
    const events = rule.events.map((e) => `\`${e}\``).join(", ") || "–";
    lines.push(
      `| \`${state}\` | ${action} | ${rule.actors.join(", ")} | \`${rule.to}\` | ${events} | ${rule.ledger.join(", ") || "–"} | ${ACTION_SOURCES[action]} |`,
    );
  }
  lines.push("");

  lines.push("## Which transition sends which webhook", "", "| Event | Sent when |", "|---|---|");
  const byEvent = new Map<string, string[]>();
  for (const { state, action, rule } of rows)
    for (const event of rule.events) byEvent.set(event, [...(byEvent.get(event) ?? []), `${action} in \`${state}\``]);
  for (const [event, causes] of [...byEvent.entries()].sort()) lines.push(`| \`${event}\` | ${causes.join("; ")} |`);
  lines.push(
    "",
    "`trade.created` is sent when initiation completes with the payer's payment into escrow; a checkout the",
    "payer cancels sends `trade.cancelled` instead (spec 6 rule 1). `Released` sends no event of its own:",
    "`trade.succeeded` already told the tenant the payee is paid.",
    "",
    "## Decisions the contract left open",
    "",
    "- **The return leg.** When the payer rejects the delivered item (`ConditionRejected`), the payee",
    "  answers with Accept item condition (take the item back: the return starts, `ReturnAwaitingShipment`)",
    "  or Reject item condition (dispute: `Disputed`); silence accepts after the acceptance deadline. The",
    "  payer then buys the return label and ships; the payee decides the returned item (accept → `Returned`,",
    "  payer refunded; reject → `Disputed`).",
    "- **Delivery by hand.** When the trade was initiated with `deliveryByHandAllowed`, the payer may accept",
    "  the item in `AwaitingShipment` (handed over in person): `Succeeded`; unused shipping money is refunded.",
    "- **A return that goes astray** (lost, or back at the payer) is `Disputed`: tenant staff decide.",
    "- **Staff refund of a dispute** sends `trade.return_condition_accepted`, the event whose meaning is",
    "  closest (the payer's rejection is upheld); a release sends `trade.succeeded`.",
    "- **Deadlines** of the return leg mirror the delivery leg: a payer who does not send the item back in",
    "  time loses the rejection (`Succeeded`), a payee silent after the return delivery accepts it.",
    "",
  );
  return lines.join("\n");
}

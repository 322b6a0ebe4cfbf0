// The steps of a trade as a party sees them (spec 2.2 `timeline`): what happened, what is
// happening now and what comes next, built from the phase timestamps and the state.
// The words, in English and Danish, are in lib/i18n (trade.timeline).
import type { Trade } from "../../db/generated/client.ts";
import { formatDateTime } from "../../dates.ts";
import { messagesFor, type Messages, type TimelineStepText } from "../../i18n/index.ts";
import type { Locale } from "../../locale.ts";
import { PHASE_OF, TERMINAL_STATES } from "../states.ts";
import { ICON, TIMELINE_STATE } from "./codes.ts";
import type { Role } from "../transition-table.ts";
import type { TradeInstant, TradeStamps } from "./trade-stamps.ts";

type StepName = keyof Messages["trade"]["timeline"]["steps"];

interface Step {
  id: number;
  name: StepName;
  iconId: number;
  /** The trade's column that says when the step happened. */
  at: TradeInstant;
}

const DELIVERY_STEPS: Step[] = [
  { id: 1, name: "created", iconId: ICON.invitation, at: "contractStartedAt" },
  { id: 2, name: "paid", iconId: ICON.payment, at: "contractPaidAt" },
  { id: 3, name: "labelCreated", iconId: ICON.label, at: "deliveryPaidAt" },
  { id: 4, name: "sent", iconId: ICON.inTransit, at: "sentAt" },
  { id: 5, name: "delivered", iconId: ICON.delivered, at: "deliveredAt" },
  { id: 6, name: "accepted", iconId: ICON.accepted, at: "approvedAt" },
];

const RETURN_STEPS: Step[] = [
  { id: 7, name: "problemReported", iconId: ICON.problem, at: "rejectedAt" },
  { id: 8, name: "returnAgreed", iconId: ICON.returning, at: "returnStartedAt" },
  { id: 9, name: "returnLabelCreated", iconId: ICON.label, at: "returnPaidAt" },
  { id: 10, name: "returnSent", iconId: ICON.inTransit, at: "returnSentAt" },
  { id: 11, name: "returnDelivered", iconId: ICON.delivered, at: "returnDeliveredAt" },
];

const FINAL_STEPS = {
  cancelled: { id: 12, name: "cancelled", iconId: ICON.cancelled, at: "cancelledAt" },
  returned: { id: 12, name: "returned", iconId: ICON.returning, at: "returnedAt" },
  paidOut: { id: 12, name: "paidOut", iconId: ICON.payout, at: "releasedAt" },
} satisfies Record<string, Step>;

function finalStep(trade: Trade): keyof typeof FINAL_STEPS {
  if (trade.state === "Cancelled") return "cancelled";
  if (trade.state === "Returned") return "returned";
  return "paidOut";
}

// The six ways a timeline can run (with or without the return, and how it ends), each built once:
// a page renders two timelines for each of its trades.
const WAYS = new Map<string, Step[]>(
  [false, true].flatMap((inReturn) =>
    Object.entries(FINAL_STEPS).map(([end, last]): [string, Step[]] => [
      `${inReturn}|${end}`,
      [...DELIVERY_STEPS.filter((s) => !(inReturn && s.id === 6)), ...(inReturn ? RETURN_STEPS : []), last],
    ]),
  ),
);

export interface TimelineEntryResponse {
  id: number;
  title: string;
  description: string;
  iconId: number;
  state: number;
  date: string;
  detailsTitle: string;
  detailsDeadlineDescription: string;
  detailsDescription: string;
}

export function partyTimeline(trade: Trade, role: Role, locale: Locale, stamps: TradeStamps): TimelineEntryResponse[] {
  const inReturn = trade.rejectedAt !== null || PHASE_OF[trade.state] === "return";
  const steps = WAYS.get(`${inReturn}|${finalStep(trade)}`)!;
  const finished = TERMINAL_STATES.has(trade.state);
  const words = messagesFor(locale).trade.timeline;
  const texts: Record<StepName, TimelineStepText> = words.steps;
  let currentGiven = false;
  return steps.map((step) => {
    const at = stamps(step.at);
    let state: number;
    if (at) state = TIMELINE_STATE.done;
    else if (finished) state = TIMELINE_STATE.skipped;
    else if (!currentGiven) {
      state = TIMELINE_STATE.current;
      currentGiven = true;
    } else state = TIMELINE_STATE.coming;
    const deadline =
      state === TIMELINE_STATE.current && trade.deadlineAt ? formatDateTime(trade.deadlineAt, "minute", locale) : "";
    const { title, description } = texts[step.name];
    const told = typeof description === "string" ? description : description[role];
    return {
      id: step.id,
      title,
      description: told,
      iconId: step.iconId,
      state,
      date: at,
      detailsTitle: title,
      detailsDeadlineDescription: deadline ? words.by(deadline) : "",
      detailsDescription: told,
    };
  });
}

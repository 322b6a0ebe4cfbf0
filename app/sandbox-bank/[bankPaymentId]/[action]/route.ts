// POST /sandbox-bank/{bankPaymentId}/{pay|confirm} – the simulated bank's forms: the payer's
// choice of test instrument, and their answer in the bank's step or the wallet app. The bank
// records it, sends us its signed callback, and sends the browser on: back to the shop's return
// address once paid, else back to its own page.
import { AppError } from "@/lib/errors.ts";
import { isSameOrigin, linkProblem, seeOther } from "@/lib/hosted/form-post.ts";
import { readLimited } from "@/lib/http/request-body.ts";
import {
  answerConfirmation,
  findBankPayment,
  payWithInstrument,
  type PayAnswer,
} from "@/lib/payments/simulated-rail/bank.ts";
import { bankPagePath } from "@/lib/payments/simulated-rail/rail.ts";
import { sendCallbackOfPayer } from "@/lib/payments/simulated-rail/send-callback.ts";

const MAX_FORM_BYTES = 4 * 1024;

/** The bank's forms are two small URL-encoded fields; anything else is refused before it is read whole. */
async function readBankForm(request: Request): Promise<URLSearchParams | "too-large" | null> {
  if (!request.headers.get("content-type")?.toLowerCase().startsWith("application/x-www-form-urlencoded")) return null;
  try {
    const bytes = await readLimited(request, MAX_FORM_BYTES);
    return new URLSearchParams(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch (error) {
    if (error instanceof AppError && error.code === "payload-too-large") return "too-large";
    if (error instanceof TypeError) return null; // not UTF-8
    throw error;
  }
}

type RouteContext = { params: Promise<{ bankPaymentId: string; action: string }> };

export async function POST(request: Request, { params }: RouteContext): Promise<Response> {
  const { bankPaymentId, action } = await params;
  if (!isSameOrigin(request)) return linkProblem(403, "This form can only be sent from its own page.");
  const payment = await findBankPayment(bankPaymentId);
  if (!payment) return linkProblem(404, "There is no such payment at this bank.");
  const form = await readBankForm(request);
  if (form === "too-large") return linkProblem(413, "This form is too large.");
  if (!form) return linkProblem(400, "This form could not be read.");
  const now = new Date();
  let answer: PayAnswer;
  if (action === "pay") answer = await payWithInstrument(payment.id, form.get("method") ?? "", now);
  else if (action === "confirm") answer = await answerConfirmation(payment.id, form.get("answer") === "approve", now);
  else return linkProblem(404, "There is no such form.");

  const page = bankPagePath(payment.id);
  switch (answer) {
    case "succeeded":
      await sendCallbackOfPayer(payment.id);
      return seeOther(payment.returnUrl);
    case "declined":
      await sendCallbackOfPayer(payment.id);
      return seeOther(`${page}?error=${action === "confirm" ? "not_confirmed" : "declined"}`);
    case "confirm":
    case "unavailable":
      return seeOther(page);
  }
}

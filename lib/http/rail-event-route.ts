// The route of the rails' callbacks: the raw body (signatures are over the exact bytes), at most
// 256 KiB; 200 once stored and applied (or known already), 400 for a bad signature or body (nothing
// stored), 404 for a rail this build does not have, 500 when applying failed (the callback is kept
// in the inbox; the rail delivers it again and the worker's sweep applies it).
import { AppError } from "../errors.ts";
import { metrics } from "../ops/metrics.ts";
import { readLimited } from "./request-body.ts";
import { RailCallbackRefused } from "../payments/payment-rail.ts";
import { receiveRailCallback } from "../payments/receive-rail-callback.ts";

const MAX_CALLBACK_BYTES = 256 * 1024;

// Only the rails this build has are labels (an unknown name in the path is not a new series).
const counted = (provider: string, outcome: string) => metrics().railCallbacks.inc({ provider, outcome });

const answer = (status: number, body: object) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });

export async function railEventRoute(
  request: Request,
  { params }: { params: Promise<{ provider: string }> },
): Promise<Response> {
  const { provider } = await params;
  try {
    const raw = new TextDecoder().decode(await readLimited(request, MAX_CALLBACK_BYTES));
    const outcome = await receiveRailCallback(provider, raw, request.headers);
    counted(provider, outcome);
    return answer(200, { received: true, outcome });
  } catch (error) {
    if (error instanceof RailCallbackRefused) {
      counted(provider, "refused");
      return answer(400, { error: error.message });
    }
    if (error instanceof AppError && error.code === "not-found") return answer(404, { error: error.message });
    if (error instanceof AppError && error.code === "payload-too-large") return answer(413, { error: error.message });
    counted(provider, "failed");
    console.error(`rail callback from ${provider} not applied: ${String(error)}`);
    return answer(500, { error: "The callback could not be applied now; deliver it again." });
  }
}

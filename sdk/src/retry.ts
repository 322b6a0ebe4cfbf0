// The fetch every call goes through: an Idempotency-Key on each POST (kept across its retries, so
// the service runs the operation once however often it is sent), and retries where retrying is safe.
import { EscrowConnectionError } from "./errors.ts";

export interface RetryOptions {
  /** Attempts per call, the first included (1 = never retry). Default 3. */
  maxAttempts?: number;
  /** First backoff in ms; doubles per retry, with jitter. Default 500. */
  initialDelayMs?: number;
  /** The longest wait between attempts, in ms. A 429 or 503 that asks for longer is not retried:
   *  the EscrowApiError carries its retryAfter instead. Default 60,000. */
  maxDelayMs?: number;
}

type Fetch = (request: Request) => Promise<Response>;

/** Why an answer may be retried, or null. The 409 needs its body, so this reads a clone. */
async function retryable(response: Response): Promise<string | null> {
  if (response.status === 429) return "rate-limited";
  if (response.status >= 500) return `status ${response.status}`;
  if (response.status === 409) {
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { typeCode?: string } | null;
    if (body?.typeCode === "idempotency-in-progress") return "idempotency-in-progress";
  }
  return null;
}

/** The wait the service asked for, in ms: Retry-After, else (on a 429) RateLimit-Reset. */
function askedWait(response: Response): number | undefined {
  for (const header of response.status === 429 ? ["retry-after", "ratelimit-reset"] : ["retry-after"]) {
    const seconds = Number(response.headers.get(header));
    if (response.headers.has(header) && Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  }
  return undefined;
}

function sleep(ms: number, signal: AbortSignal | null) {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

export function retryingFetch(fetchImpl: Fetch, options: RetryOptions = {}): Fetch {
  const maxAttempts = Math.max(1, options.maxAttempts ?? 3);
  const initialDelay = options.initialDelayMs ?? 500;
  const maxDelay = options.maxDelayMs ?? 60_000;

  return async (request) => {
    const headers = new Headers(request.headers);
    if (request.method === "POST" && !headers.has("idempotency-key"))
      headers.set("idempotency-key", crypto.randomUUID());
    // Read once: each attempt sends a fresh Request with the same bytes.
    const body = request.body ? await request.arrayBuffer() : undefined;
    const send = () =>
      fetchImpl(
        new Request(request.url, {
          method: request.method,
          headers,
          body,
          signal: request.signal,
          redirect: request.redirect,
        }),
      );

    for (let attempt = 1; ; attempt++) {
      const backoff = Math.min(maxDelay, initialDelay * 2 ** (attempt - 1)) * (0.5 + Math.random() / 2);
      let response: Response;
      try {
        response = await send();
      } catch (error) {
        if (request.signal?.aborted) throw error;
        if (attempt >= maxAttempts) {
          throw new EscrowConnectionError(
            `${request.method} ${request.url} failed after ${attempt} attempt(s): ${(error as Error)?.message ?? error}`,
            { cause: error },
          );
        }
        await sleep(backoff, request.signal);
        continue;
      }
      if (attempt >= maxAttempts || !(await retryable(response))) return response;
      const wait = askedWait(response) ?? backoff;
      if (wait > maxDelay) return response;
      await response.body?.cancel().catch(() => undefined);
      await sleep(wait, request.signal);
    }
  };
}

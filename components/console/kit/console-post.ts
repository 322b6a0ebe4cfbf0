// The one way the console sends a change to its own endpoints (all POST): JSON in, JSON out, the
// path, body and answer typed by the endpoint's operation (lib/console/operations). A refusal
// comes back as the server worded it (`error`), with the offending fields (`errors`: key →
// message) when it named them. No answer at all (the network, a crashed server) is a refusal
// too, so a form never stays "Saving…".
import {
  fillPath,
  type AnswerOf,
  type BodyOf,
  type ConsoleOperation,
  type PathParams,
} from "@/lib/console/operations/operation.ts";

export type ConsolePostResult<T = unknown> =
  { ok: true; data: T } | { ok: false; status: number; error: string; fields: Record<string, string> };

interface RefusalRecord {
  error?: string;
  errors?: { key: string; value: string }[];
}

/** Words a refusal the server did not explain (status 0: no answer). */
export type Failure = (status: number) => string;

const unexplained: Failure = (status) =>
  status ? `The change failed (${status}).` : "The change failed: no answer from the server. Try again.";

export type PostOperation = ConsoleOperation<"POST">;

/**
 * What a form sends: the operation's body, except that a field the admin left unreadable (an
 * amount that is not a number, nothing chosen) may travel as null, for the server to refuse by
 * name next to its field rather than the page guessing the words.
 */
export type Draft<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]: T[K] | null } : T;

/** The body, when the operation reads one; then how to word an unexplained refusal. */
export type PostArgs<O> = [BodyOf<O>] extends [never]
  ? [body?: undefined, failure?: Failure]
  : [body: Draft<BodyOf<O>>, failure?: Failure];

/**
 * A change ready to send: built with its operation's types (consoleCall), and plain enough for a
 * server component to hand to a client one (a button that confirms first).
 */
export interface ConsoleCall<Answer = unknown> {
  path: string;
  body?: unknown;
  /** Never set: carries the answer's type. */
  readonly answer?: Answer;
}

export function consoleCall<O extends PostOperation>(
  operation: O,
  params: PathParams<O["path"]>,
  ...[body]: PostArgs<O>
): ConsoleCall<AnswerOf<O>> {
  return { path: fillPath(operation, params), body };
}

export function consolePost<O extends PostOperation>(
  operation: O,
  params: PathParams<O["path"]>,
  ...[body, failure]: PostArgs<O>
): Promise<ConsolePostResult<AnswerOf<O>>> {
  return sendConsoleCall<AnswerOf<O>>({ path: fillPath(operation, params), body }, failure);
}

export async function sendConsoleCall<T>(
  { path, body }: ConsoleCall<T>,
  failure: Failure = unexplained,
): Promise<ConsolePostResult<T>> {
  const init: RequestInit = {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
  const response = await fetch(path, init).catch(() => null);
  if (!response) return { ok: false, status: 0, error: failure(0), fields: {} };
  const answer = (await response.json().catch(() => null)) as (RefusalRecord & T) | null;
  if (response.ok) return { ok: true, data: answer as T };
  const fields = Object.fromEntries((answer?.errors ?? []).map((e) => [e.key, e.value]));
  return { ok: false, status: response.status, error: answer?.error ?? failure(response.status), fields };
}

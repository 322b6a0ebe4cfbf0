// The one way the console sends a change to its own endpoints (/console/api/…, all POST): JSON in,
// JSON out. A refusal comes back as the server worded it (`error`), with the offending fields
// (`errors`: key → message) when it named them. No answer at all (the network, a crashed server)
// is a refusal too, so a form never stays "Saving…".
export type ConsolePostResult<T = unknown> =
  { ok: true; data: T } | { ok: false; status: number; error: string; fields: Record<string, string> };

interface RefusalRecord {
  error?: string;
  errors?: { key: string; value: string }[];
}

const unexplained = (status: number) =>
  status ? `The change failed (${status}).` : "The change failed: no answer from the server. Try again.";

/** `failure` words a refusal the server did not explain (status 0: no answer). */
export async function consolePost<T = unknown>(
  path: string,
  body?: unknown,
  failure = unexplained,
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

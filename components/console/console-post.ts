// Posting a change to a console endpoint from the browser; the error message comes back as it is,
// with the offending fields (`errors`: key → message) when the server named them.
export type ConsolePostResult<T = unknown> = { ok: true; data: T } | { ok: false; status: number; error: string; fields: Record<string, string> };

export async function consolePost<T = unknown>(path: string, body?: unknown): Promise<ConsolePostResult<T>> {
  const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  const answer = (await response.json().catch(() => null)) as ({ error?: string; errors?: { key: string; value: string }[] } & Record<string, unknown>) | null;
  if (response.ok) return { ok: true, data: answer as T };
  const fields = Object.fromEntries((answer?.errors ?? []).map((e) => [e.key, e.value]));
  return { ok: false, status: response.status, error: answer?.error ?? `The change failed (${response.status}).`, fields };
}

// Posting a change to a console endpoint and reading its answer (a new secret, a test event id);
// the error message comes back as the server worded it.
export type PostResult<T> = { ok: true; data: T } | { ok: false; error: string };

export async function postJson<T>(path: string, body?: unknown): Promise<PostResult<T>> {
  const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  const answer = (await response.json().catch(() => null)) as (T & { error?: string }) | null;
  if (response.ok && answer) return { ok: true, data: answer };
  return { ok: false, error: answer?.error ?? `The change failed (${response.status}).` };
}

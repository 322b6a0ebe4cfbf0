// Posting a change to a console endpoint from the browser; the error message comes back as it is.
export async function consolePost(path: string, body?: unknown): Promise<{ ok: true } | { ok: false; error: string }> {
  const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (response.ok) return { ok: true };
  const answer = (await response.json().catch(() => null)) as { error?: string } | null;
  return { ok: false, error: answer?.error ?? `The change failed (${response.status}).` };
}

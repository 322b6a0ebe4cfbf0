// One HTTP POST of a signed event, to the address that was checked (the socket connects to the
// resolved IP; there is no second DNS lookup to be rebound, and redirects are not followed).
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";

export const DELIVERY_TIMEOUT_MS = Number(process.env.WEBHOOK_TIMEOUT_MS ?? 15_000);
const EXCERPT_CHARS = 1000;

export interface SendResult {
  status: number | null;
  excerpt: string | null;
  error: string | null;
  durationMs: number;
}

export function sendWebhook(
  url: URL,
  target: { address: string; family: number },
  headers: Record<string, string>,
  body: string,
): Promise<SendResult> {
  const started = performance.now();
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
  const transport = url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    const finish = (result: Omit<SendResult, "durationMs">) =>
      resolve({ ...result, durationMs: Math.round(performance.now() - started) });
    const request = transport.request(
      url,
      {
        method: "POST",
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "user-agent": "EscrowWebhooks/1",
        },
        lookup: pinned,
        timeout: DELIVERY_TIMEOUT_MS,
      },
      (response) => {
        let excerpt = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          if (excerpt.length < EXCERPT_CHARS) excerpt += chunk;
        });
        response.on("end", () =>
          finish({
            status: response.statusCode ?? null,
            excerpt: excerpt.slice(0, EXCERPT_CHARS) || null,
            error: null,
          }),
        );
        response.on("error", (error) =>
          finish({
            status: response.statusCode ?? null,
            excerpt: excerpt.slice(0, EXCERPT_CHARS) || null,
            error: error.message,
          }),
        );
      },
    );
    request.on("timeout", () => request.destroy(new Error(`No answer within ${DELIVERY_TIMEOUT_MS / 1000} s`)));
    request.on("error", (error) => finish({ status: null, excerpt: null, error: error.message }));
    request.end(body);
  });
}

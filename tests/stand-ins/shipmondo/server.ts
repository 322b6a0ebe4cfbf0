// startShipmondoStandIn: an HTTP server on loopback that speaks the part of Shipmondo's REST API v3
// the carrier adapter (lib/shipping/shipmondo) uses, under Shipmondo's own path
// (<url>/api/public/v3), checks every request against Shipmondo's published document (api.ts),
// keeps shipments in memory, sends signed tracking webhooks and offers test controls (controls.ts).
// Test code only: the app's runtime never imports it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { API_ROOT, createApi } from "./api.ts";
import { createControls, serveControl, Unreachability, type StandInControls } from "./controls.ts";
import { loadPublishedApi, publishedSource } from "./published-api.ts";
import { StandInState } from "./state.ts";

export type { StandInControls, WebhookRegistration, UnreachableMode } from "./controls.ts";
export type { DeliveryRecord, SeenRequest } from "./state.ts";

export interface ShipmondoStandInOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The only API user and key accepted; default `stand-in-user` / `stand-in-key`. */
  apiUser?: string;
  apiKey?: string;
  /** Waits before each retry of a failed webhook delivery; default [250, 1000, 4000] ms. */
  webhookRetryDelaysMs?: number[];
}

export interface ShipmondoStandIn {
  url: string;
  /** `<url>/api/public/v3`: what the adapter takes as its base URL. */
  apiBaseUrl: string;
  host: string;
  port: number;
  apiUser: string;
  apiKey: string;
  /** Repository, commit and file the validating document was extracted from. */
  publishedSource: string;
  controls: StandInControls;
  stop(): Promise<void>;
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

/** The body as JSON; text that is not JSON is passed on as it is, for the schema to refuse. */
function parseBody(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function definedHeaders(headers: http.IncomingHttpHeaders): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(headers).filter((entry): entry is [string, string | string[]] => entry[1] !== undefined),
  );
}

export async function startShipmondoStandIn(options: ShipmondoStandInOptions = {}): Promise<ShipmondoStandIn> {
  const host = options.host ?? "127.0.0.1";
  const apiUser = options.apiUser ?? "stand-in-user";
  const apiKey = options.apiKey ?? "stand-in-key";
  const document = loadPublishedApi();
  const state = new StandInState();
  const api = await createApi(document, state, { apiUser, apiKey });
  const unreachability = new Unreachability();
  const controls = createControls(state, unreachability, options.webhookRetryDelaysMs ?? [250, 1000, 4000]);

  const server = http.createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? "/", "http://stand-in");
      const text = await readBody(request);
      if (serveControl(controls, request, response, url, text)) return;
      if (unreachability.active()) {
        if (unreachability.mode === "reset") {
          request.socket.destroy();
          return;
        }
        response
          .writeHead(500, { "Content-Type": "application/json" })
          .end(JSON.stringify({ error: "Internal server error" }));
        return;
      }
      const query = Object.fromEntries(url.searchParams);
      const body = parseBody(text);
      const answer = await api.answer({
        method: request.method ?? "GET",
        path: url.pathname,
        query,
        headers: definedHeaders(request.headers),
        body,
      });
      state.requests.push({
        method: request.method ?? "GET",
        path: url.pathname,
        query,
        body,
        status: answer.status,
        at: new Date().toISOString(),
      });
      response
        .writeHead(answer.status, { "Content-Type": "application/json", ...answer.headers })
        .end(JSON.stringify(answer.body));
    } catch (error) {
      console.error("shipmondo stand-in: request failed", error);
      if (!response.headersSent) response.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://${host}:${port}`;

  return {
    url,
    apiBaseUrl: `${url}${API_ROOT}`,
    host,
    port,
    apiUser,
    apiKey,
    publishedSource: publishedSource(document),
    controls,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// startStripeStandIn: an HTTP server that speaks the part of Stripe's API the Connect rail uses,
// serves the hosted Checkout pages, sends signed webhooks, and offers test controls. Point the
// real SDK at it: new Stripe(key, { host: standIn.host, port: standIn.port, protocol: "http" }).
// Test code only: the app's runtime never imports it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { answerApiRequest, type ApiContext } from "./api-request.ts";
import { StandInClock } from "./clock.ts";
import { AnswerHooks, createControls, serveControl, Unreachability, type StandInControls } from "./controls.ts";
import { EventPublisher, type WebhookEndpointOption } from "./events.ts";
import { serveHostedPage } from "./hosted-page.ts";
import { IdempotencyStore } from "./idempotency.ts";
import { newId } from "./ids.ts";
import { Ledger } from "./ledger.ts";
import { buildAccount } from "./objects/account.ts";
import { loadPublishedApi } from "./published-api.ts";
import { Scheduler } from "./scheduler.ts";
import { StandInState } from "./state.ts";
import { RequestValidator } from "./validation.ts";
import type { World } from "./world.ts";

export type { WebhookEndpointOption } from "./events.ts";
export type { StandInControls } from "./controls.ts";

export interface StripeStandInOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Base of the hosted Checkout pages' links (the session's `url`); default the server's own URL. */
  publicUrl?: string;
  webhookEndpoints?: WebhookEndpointOption[];
  /** Where the stand-in's clock starts; default now. It then runs with real time, plus advances. */
  startTime?: Date;
  /** Accept only this secret key; default any sk_test_/rk_test_ key. */
  apiKey?: string;
  /** The platform account's id (default a fresh acct_…). */
  platformAccountId?: string;
  /** Stamped on events; default the installed SDK's API version. */
  apiVersion?: string;
  /** Delay before a refund settles or a disputed payment's dispute opens; default 200 ms. */
  settlementDelayMs?: number;
  /** From a payout's creation to its arrival_date; default 2 days (stand-in clock). */
  payoutArrivalSeconds?: number;
  /** How long charge funds stay pending; default 7 days (a new Danish account's schedule). */
  chargeAvailabilitySeconds?: number;
  /** Waits before each retry of a failed webhook delivery; default [250, 1000, 4000] ms. */
  webhookRetryDelaysMs?: number[];
}

export interface StripeStandIn {
  url: string;
  host: string;
  port: number;
  platformAccountId: string;
  controls: StandInControls;
  stop(): Promise<void>;
}

const DAY = 24 * 60 * 60;

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

export async function startStripeStandIn(options: StripeStandInOptions = {}): Promise<StripeStandIn> {
  const host = options.host ?? "127.0.0.1";
  const clock = new StandInClock(options.startTime);
  const platformAccountId = options.platformAccountId ?? newId("acct");
  const state = new StandInState(platformAccountId);
  const platform = buildAccount({ country: "DK", type: "standard" }, clock.now());
  platform.id = platformAccountId;
  state.accounts.set(platformAccountId, { account: platform, bankAccountNumbers: new Map() });
  const settings = {
    publicUrl: "",
    apiVersion: options.apiVersion ?? Stripe.API_VERSION,
    settlementDelayMs: options.settlementDelayMs ?? 200,
    payoutArrivalSeconds: options.payoutArrivalSeconds ?? 2 * DAY,
    chargeAvailabilitySeconds: options.chargeAvailabilitySeconds ?? 7 * DAY,
  };
  const scheduler = new Scheduler(clock);
  const events = new EventPublisher(state, clock, options.webhookEndpoints ?? [], {
    apiVersion: settings.apiVersion,
    retryDelaysMs: options.webhookRetryDelaysMs ?? [250, 1000, 4000],
  });
  const world: World = { clock, state, ledger: new Ledger(state, clock), events, scheduler, settings };
  const api: ApiContext = {
    world,
    validator: new RequestValidator(loadPublishedApi()),
    idempotency: new IdempotencyStore(() => clock.nowMs()),
    apiKey: options.apiKey ?? null,
  };
  const unreachability = new Unreachability();
  const answerHooks = new AnswerHooks();
  const controls = createControls(world, unreachability, answerHooks);

  const server = http.createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? "/", "http://stand-in");
      const body = await readBody(request);
      if (serveControl(controls, request, response, url, body)) return;
      if (serveHostedPage(world, request, response, url, body)) return;
      if (unreachability.active()) {
        if (unreachability.mode === "reset") {
          request.socket.destroy();
          return;
        }
        response
          .writeHead(500, { "Content-Type": "application/json" })
          .end(JSON.stringify({ error: { message: "An unknown error occurred", type: "api_error" } }, null, 2));
        return;
      }
      const answer = answerApiRequest(api, request, url, body);
      await answerHooks.take(request.method ?? "GET", url.pathname)?.();
      response.writeHead(answer.status, answer.headers).end(answer.body);
    } catch (error) {
      console.error("stripe stand-in: request failed", error);
      if (!response.headersSent) response.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://${host}:${port}`;
  settings.publicUrl = options.publicUrl ?? url;

  return {
    url,
    host,
    port,
    platformAccountId,
    controls,
    async stop() {
      scheduler.stop();
      events.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

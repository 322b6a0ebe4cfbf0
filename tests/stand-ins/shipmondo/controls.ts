// Test controls: not Shipmondo's API, but the levers a test needs: subscribe a webhook without going
// through POST /webhooks, make a carrier report a tracking status, make Shipmondo unreachable, and
// read what the stand-in was asked and what it sent. The same controls are on the object
// startShipmondoStandIn returns and over HTTP under /_stand_in/ (for the stand-in as a process).
import type { IncomingMessage, ServerResponse } from "node:http";
import { publicWebhook, type DeliveryRecord, type JsonRecord, type SeenRequest, type StandInState } from "./state.ts";
import { sendTrackingStatus } from "./tracking-delivery.ts";

export type UnreachableMode = "reset" | "error_500";

/** While set, API requests get their connection reset or a 500, as when Shipmondo is down. */
export class Unreachability {
  private untilMs = 0;
  mode: UnreachableMode = "reset";

  set(forMs: number, mode: UnreachableMode): void {
    this.untilMs = Date.now() + forMs;
    this.mode = mode;
  }

  active(): boolean {
    return Date.now() < this.untilMs;
  }
}

export interface WebhookRegistration {
  url: string;
  key: string;
  name?: string;
  /** `latest` (every status, the default) or `delivered` (only deliveries). */
  action?: "latest" | "delivered";
}

export interface StandInControls {
  /** Subscribes a Shipment Monitor webhook, as POST /webhooks would; returns it without its key. */
  registerWebhook(registration: WebhookRegistration): JsonRecord;
  /**
   * The carrier reports `status` for the shipment: a signed message to every subscribed webhook,
   * retried on non-2xx. Resolves with each webhook's last attempt once delivered or given up.
   */
  sendTrackingEvent(shipmentId: number | string, status: string): Promise<DeliveryRecord[]>;
  /** For `forMs` of real time, API requests get a reset connection or a 500. */
  makeUnreachable(forMs: number, mode?: UnreachableMode): void;
  /** Every API request seen, oldest first (never its Authorization header). */
  requests(): SeenRequest[];
  /** Every webhook delivery attempt, oldest first. */
  deliveries(): DeliveryRecord[];
  /** Shipments as GET /shipments/{id} answers them, with whether they were cancelled. */
  shipments(): (JsonRecord & { cancelled: boolean })[];
}

export function createControls(
  state: StandInState,
  unreachability: Unreachability,
  retryDelaysMs: readonly number[],
): StandInControls {
  return {
    registerWebhook({ url, key, name, action = "latest" }) {
      const now = new Date().toISOString();
      const webhook = {
        id: state.nextWebhookId(),
        name: name ?? `stand-in ${action}`,
        endpoint: url,
        key,
        action,
        resource_name: "Shipment Monitor",
        active: true,
        created_at: now,
        updated_at: now,
      };
      state.webhooks.push(webhook);
      return publicWebhook(webhook);
    },
    sendTrackingEvent: (shipmentId, status) => sendTrackingStatus(state, Number(shipmentId), status, retryDelaysMs),
    makeUnreachable(forMs, mode = "reset") {
      unreachability.set(forMs, mode);
    },
    requests: () => [...state.requests],
    deliveries: () => [...state.deliveries],
    shipments: () => [...state.shipments.values()].map(({ shipment, cancelled }) => ({ ...shipment, cancelled })),
  };
}

function parseControlBody(body: string): JsonRecord {
  if (body.trim() === "") return {};
  const parsed = JSON.parse(body) as unknown;
  return typeof parsed === "object" && parsed !== null ? (parsed as JsonRecord) : {};
}

/** Serves /_stand_in/…; false when the request is not for the controls. */
export function serveControl(
  controls: StandInControls,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  body: string,
): boolean {
  if (!url.pathname.startsWith("/_stand_in/")) return false;
  const reply = (status: number, value: unknown) =>
    response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(value, null, 2));
  const route = `${request.method ?? "GET"} ${url.pathname}`;
  void (async () => {
    try {
      const input = parseControlBody(body);
      const tracking = /^POST \/_stand_in\/shipments\/(\d+)\/tracking$/.exec(route);
      if (route === "POST /_stand_in/webhooks") {
        reply(200, controls.registerWebhook(input as unknown as WebhookRegistration));
      } else if (tracking) {
        reply(200, await controls.sendTrackingEvent(Number(tracking[1]), String(input.status)));
      } else if (route === "POST /_stand_in/unreachable") {
        controls.makeUnreachable(Number(input.forMs ?? 0), input.mode === "error_500" ? "error_500" : "reset");
        reply(200, { ok: true });
      } else if (route === "GET /_stand_in/requests") {
        reply(200, controls.requests());
      } else if (route === "GET /_stand_in/deliveries") {
        reply(200, controls.deliveries());
      } else if (route === "GET /_stand_in/shipments") {
        reply(200, controls.shipments());
      } else {
        reply(404, { error: `no control ${route}` });
      }
    } catch (error) {
      reply(400, { error: error instanceof Error ? error.message : String(error) });
    }
  })();
  return true;
}

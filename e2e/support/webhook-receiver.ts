// The tenant's webhook endpoint in the end-to-end tests: a real HTTP server on loopback that the
/* eslint-disable @typescript-eslint/no-explicit-any -- the webhook body as the tenant receives it */
// service's worker delivers to, and Standard Webhooks verification as a tenant would do it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export interface Delivery {
  headers: Record<string, string>;
  raw: string;
  body: any;
}

/** Listens on `port` (a free one unless given: the live journey's is named in the live server's settings). */
export async function startWebhookReceiver(port = 0) {
  const deliveries: Delivery[] = [];
  const server = http.createServer((request, response) => {
    let raw = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (raw += chunk));
    request.on("end", () => {
      deliveries.push({ headers: request.headers as Record<string, string>, raw, body: JSON.parse(raw) });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const listening = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${listening}/webhooks`,
    deliveries,
    /** Waits for the delivery that matches (the worker delivers within seconds). */
    async waitUntil(matches: (delivery: Delivery) => boolean, timeoutMs = 20_000): Promise<Delivery> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = deliveries.find(matches);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`No such webhook among ${deliveries.map((d) => d.body.eventName).join(", ") || "none"}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    verify(delivery: Delivery, secret: string): boolean {
      try {
        new Webhook(secret).verify(delivery.raw, delivery.headers);
        return true;
      } catch {
        return false;
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

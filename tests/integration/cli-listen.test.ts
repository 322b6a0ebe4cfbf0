// `npm run cli -- listen --forward-to <url>`, as a developer runs it: the CLI (a real child
// process) reads the sandbox event feed over real HTTP and forwards a journey's events to a local
// receiver, each signed with the secret it printed and verifiable with standardwebhooks; --events
// filters; a live key is refused; the feed refuses live tokens and cursors it never gave out.
import "../helpers/next-runtime.ts";
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadApiRouter } from "../../lib/http/api-router.ts";
import { serveApi } from "../../lib/http/serve-api.ts";
import { dispatchOutbox } from "../../lib/webhooks/dispatch.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db, freshTenant } from "../helpers/tenants.ts";
import { startReceiver, waitFor } from "../helpers/webhook-receiver.ts";

let api: http.Server;
let origin = "";
const children: ChildProcess[] = [];

beforeAll(async () => {
  // The v1 API over real HTTP, served as the production server serves it (scripts/serve.ts).
  const router = await loadApiRouter("app/api/v1", "/api/v1");
  api = http.createServer((request, response) => {
    const found = router.match(request.method ?? "GET", new URL(request.url ?? "/", "http://x").pathname);
    if (!found) return void response.writeHead(404).end();
    void serveApi(request, response, found.handler, found.params, origin, "127.0.0.1");
  });
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  for (const child of children) child.kill("SIGTERM");
  await new Promise((resolve) => api.close(resolve));
});

/** Starts `npm run cli -- listen …` and collects what it prints. */
function startListen(args: string[]) {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/cli.ts", "listen", "--api", origin, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  const output = { text: "" };
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (output.text += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output.text += chunk));
  return { child, output };
}

/** What the webhook worker does: mark new events dispatched (the feed's order). */
async function dispatchUntil(condition: () => boolean, what: string) {
  await waitFor(async () => (await dispatchOutbox(), condition()), 30_000, what);
}

describe("npm run cli -- listen", () => {
  it("forwards a sandbox journey's events, each signed with the secret it printed", async () => {
    const tenant = await freshTenant();
    const receiver = await startReceiver();
    const { output } = startListen(["--api-key", tenant.testApiKey, "--forward-to", receiver.url]);
    await waitFor(() => /signed with (whsec_\S+)/.test(output.text), 30_000, "the listener to start");
    const secret = /signed with (whsec_\S+)/.exec(output.text)![1]!;

    const client = tenantClient(tenant.testApiKey);
    expect((await client.connect("seller")).status).toBe(200);
    expect((await client.connect("buyer")).status).toBe(200);
    const { tradeId } = (
      await client.initiate({
        title: "Lamp",
        description: "Brass lamp",
        amount: 300,
        payerFee: 0,
        payeeFee: 0,
        payerMarketplaceUserId: "buyer",
        payeeMarketplaceUserId: "seller",
        successUrl: "https://shop.example/ok",
        cancelUrl: "https://shop.example/no",
      })
    ).json;
    const { paymentId } = (await client.acceptAndPay("buyer", tradeId)).json;
    expect((await client.completePayment(paymentId)).status).toBe(200);

    const written = await db.outboxEvent.findMany({
      where: { tenantId: tenant.tenantId },
      select: { id: true, eventName: true },
    });
    expect(written.map((e) => e.eventName).sort()).toEqual(
      ["user.connected", "user.connected", "trade.created"].sort(),
    );
    await dispatchUntil(() => receiver.received.length >= written.length, "every event forwarded");
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // and none twice

    const verifier = new Webhook(secret);
    expect(receiver.received.map((r) => r.headers["webhook-id"]).sort()).toEqual(written.map((e) => e.id).sort());
    for (const delivery of receiver.received) {
      const event = verifier.verify(delivery.body, delivery.headers) as { id: string; eventName: string };
      expect(event.id).toBe(delivery.headers["webhook-id"]);
    }
    // Each is shown with the local answer.
    for (const event of written)
      expect(output.text).toMatch(new RegExp(`${event.eventName.replace(".", "\\.")}\\s+${event.id}.*→ 204`));
    await receiver.close();
  });

  it("filters with --events and prints with --print", async () => {
    const tenant = await freshTenant();
    const { output } = startListen(["--api-key", tenant.testApiKey, "--print", "--events", "trade.created"]);
    await waitFor(() => output.text.includes("Printing only"), 30_000, "the listener to start");
    const client = tenantClient(tenant.testApiKey);
    await client.connect("seller");
    await client.connect("buyer");
    const { tradeId } = (
      await client.initiate({
        title: "Vase",
        description: "Blue vase",
        amount: 120,
        payerFee: 0,
        payeeFee: 0,
        payerMarketplaceUserId: "buyer",
        payeeMarketplaceUserId: "seller",
        successUrl: "https://shop.example/ok",
        cancelUrl: "https://shop.example/no",
      })
    ).json;
    // trade.created is sent once the payer has paid into escrow (docs/states.md).
    const { paymentId } = (await client.acceptAndPay("buyer", tradeId)).json;
    expect((await client.completePayment(paymentId)).status).toBe(200);
    await dispatchUntil(() => output.text.includes(`"tradeId": "${tradeId}"`), "the trade.created event printed").catch(
      (error: unknown) => {
        throw new Error(`${error}; the listener printed:\n${output.text}`);
      },
    );
    expect(output.text).toContain("trade.created");
    expect(output.text).not.toContain("user.connected");
  });

  it("refuses a live key, and the feed refuses live tokens and foreign cursors", async () => {
    const tenant = await freshTenant();
    const { child, output } = startListen(["--api-key", tenant.liveApiKey, "--print"]);
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    expect(output.text).toContain("needs a sandbox API key");

    const live = await fetch(`${origin}/api/v1/sandbox/events/feed`, {
      headers: { authorization: `Bearer ${tenant.liveApiKey}` },
    });
    expect(live.status).toBe(403);
    const forged = await fetch(`${origin}/api/v1/sandbox/events/feed?cursor=bm90LWEtY3Vyc29y`, {
      headers: { authorization: `Bearer ${tenant.testApiKey}` },
    });
    expect(forged.status).toBe(400);
    expect((await forged.json()).errors).toEqual([{ key: "cursor", value: expect.stringContaining("Not a cursor") }]);
  });
});

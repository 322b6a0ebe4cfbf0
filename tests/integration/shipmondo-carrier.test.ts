// The Shipmondo carrier adapter (lib/shipping/shipmondo) against the Shipmondo stand-in over real
// HTTP: the stand-in checks every request against Shipmondo's published OpenAPI document, so a
// request the adapter builds wrongly fails here the way it would fail at Shipmondo.
import net from "node:net";
import type { AddressInfo } from "node:net";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createShipmondoCarrier,
  readTrackingUpdate,
  ShipmondoError,
  ShipmondoWebhookRefused,
  verifyShipmondoWebhook,
  type ShipmondoAddress,
  type ShipmondoCarrier,
  type TrackingUrlTemplates,
} from "../../lib/shipping/shipmondo/shipmondo-carrier.ts";
import { startReceiver } from "../helpers/webhook-receiver.ts";
import { startShipmondoStandIn, type ShipmondoStandIn } from "../stand-ins/shipmondo/server.ts";

const WEBHOOK_KEY = "shipmondo-webhook-key-for-tests";
const TRACKING_URLS: TrackingUrlTemplates = {
  gls: "https://tracking.example/gls/{packageNumber}",
  postnord: "https://tracking.example/postnord/{packageNumber}",
  dao: "https://tracking.example/dao/{packageNumber}",
  bring: "https://tracking.example/bring/{packageNumber}",
};
const seller: ShipmondoAddress = {
  name: "Lene Hansen",
  address1: "Hvilehøjvej 25",
  postalCode: "5220",
  city: "Odense SØ",
  countryCode: "DK",
  email: "lene@example.dk",
};
const buyer: ShipmondoAddress = {
  name: "Jens Jensen",
  address1: "Skibhusvej 52",
  postalCode: "5000",
  city: "Odense C",
  countryCode: "DK",
};

let standIn: ShipmondoStandIn;
let carrier: ShipmondoCarrier;

beforeAll(async () => {
  standIn = await startShipmondoStandIn({ webhookRetryDelaysMs: [20, 40] });
  carrier = createShipmondoCarrier({
    baseUrl: standIn.apiBaseUrl,
    apiUser: standIn.apiUser,
    apiKey: standIn.apiKey,
    timeoutMs: 2000,
    trackingUrls: TRACKING_URLS,
  });
});

afterAll(async () => {
  await standIn.stop();
});

const shipment = (labelId: string, overrides: Partial<Parameters<ShipmondoCarrier["createShipment"]>[0]> = {}) =>
  carrier.createShipment({
    labelId,
    carrier: "gls",
    productCode: "GLSDK_SD",
    weightGrams: 900,
    from: seller,
    to: buyer,
    ...overrides,
  });

const shipmentsPosted = () =>
  standIn.controls.requests().filter((r) => r.method === "POST" && r.path.endsWith("/shipments"));

describe("quote", () => {
  it("answers the product's price in exact minor units", async () => {
    // 54.29 × 100 is 5428.999… in floating point; the adapter never goes there.
    expect(
      await carrier.quote({ carrier: "gls", productCode: "GLSDK_SD", weightGrams: 2000, from: seller, to: buyer }),
    ).toEqual({
      amountMinor: 5429n,
      currency: "DKK",
      productCode: "GLSDK_SD",
      description: "ShopDelivery",
    });
    const postnord = await carrier.quote({
      carrier: "postnord",
      productCode: "PDK_MH",
      weightGrams: 3000,
      from: seller,
      to: buyer,
    });
    expect(postnord?.amountMinor).toBe(6250n);
    const bring = await carrier.quote({
      carrier: "bring",
      productCode: "BRI_PPB",
      weightGrams: 3000,
      from: seller,
      to: buyer,
    });
    expect(bring?.amountMinor).toBe(7540n);
  });

  it("is null for a product not offered for the parcel (over its weight limit) or another carrier's code", async () => {
    expect(
      await carrier.quote({ carrier: "dao", productCode: "DAO_SP", weightGrams: 16_000, from: seller, to: buyer }),
    ).toBeNull();
    expect(
      await carrier.quote({ carrier: "dao", productCode: "GLSDK_SD", weightGrams: 1000, from: seller, to: buyer }),
    ).toBeNull();
  });

  it("sends the quote addresses in Shipmondo's quote spelling", async () => {
    await carrier.quote({ carrier: "gls", productCode: "GLSDK_SD", weightGrams: 1000, from: seller, to: buyer });
    const sent = standIn.controls.requests().findLast((r) => r.path.endsWith("/quotes/list"));
    expect(sent?.status).toBe(200);
    expect(sent?.body).toMatchObject({ sender: { zipcode: "5220", country_code: "DK" }, parcels: [{ weight: 1000 }] });
  });
});

describe("createShipment", () => {
  it("buys the label: shipment id, package number, tracking URL and the label PDF", async () => {
    const created = await shipment("lbl_create_1");
    expect(created.providerReference).toMatch(/^\d+$/);
    expect(created.labelCode).toMatch(/^\d{11}$/);
    expect(created.trackingUrl).toBe(`https://tracking.example/gls/${created.labelCode}`);
    expect(created.reused).toBe(false);
    const pdf = Buffer.from(created.labelPdfBase64, "base64").toString("latin1");
    expect(pdf.startsWith("%PDF-")).toBe(true);
    expect(pdf.trimEnd().endsWith("%%EOF")).toBe(true);
    expect(pdf).toContain(created.labelCode);
    const atShipmondo = standIn.controls.shipments().find((s) => String(s.id) === created.providerReference);
    expect(atShipmondo).toMatchObject({ reference: "lbl_create_1", product_code: "GLSDK_SD", carrier_code: "gls" });
    expect(await carrier.fetchLabelPdf(created.providerReference)).toBe(created.labelPdfBase64);
  });

  it("a retry with the same labelId answers the same shipment and buys nothing", async () => {
    const first = await shipment("lbl_retry_1");
    const postsBefore = shipmentsPosted().length;
    const again = await shipment("lbl_retry_1");
    expect(again).toEqual({ ...first, reused: true });
    expect(shipmentsPosted().length).toBe(postsBefore);
    expect(standIn.controls.shipments().filter((s) => s.reference === "lbl_retry_1")).toHaveLength(1);
  });

  it("finds the earlier shipment beyond the first page of the list", async () => {
    const first = await shipment("lbl_paged_1");
    for (let i = 0; i < 55; i++) await shipment(`lbl_filler_${i}`);
    const postsBefore = shipmentsPosted().length;
    const again = await shipment("lbl_paged_1");
    expect(again.providerReference).toBe(first.providerReference);
    expect(shipmentsPosted().length).toBe(postsBefore);
    const pages = standIn.controls
      .requests()
      .filter((r) => r.method === "GET" && r.path.endsWith("/shipments") && r.query.page);
    expect(pages.some((r) => r.query.page === "2")).toBe(true);
  });

  it("books PostNord, DAO and Bring products with their carriers' tracking pages", async () => {
    const postnord = await shipment("lbl_pdk_1", { carrier: "postnord", productCode: "PDK_MH", weightGrams: 3000 });
    expect(postnord.trackingUrl).toBe(`https://tracking.example/postnord/${postnord.labelCode}`);
    const dao = await shipment("lbl_dao_1", { carrier: "dao", productCode: "DAO_SP", weightGrams: 1500 });
    expect(dao.trackingUrl).toBe(`https://tracking.example/dao/${dao.labelCode}`);
    const bring = await shipment("lbl_bring_1", { carrier: "bring", productCode: "BRI_PPB", weightGrams: 1500 });
    expect(bring.trackingUrl).toBe(`https://tracking.example/bring/${bring.labelCode}`);
  });

  it("refuses a product booked with another carrier than the one asked for", async () => {
    const refused = await shipment("lbl_mismatch_1", { carrier: "bring", productCode: "GLSDK_SD" }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(ShipmondoError);
    expect((refused as ShipmondoError).kind).toBe("bad_response");
  });

  it("passes Shipmondo's refusal on as a typed error (weight over the product's limit)", async () => {
    const refused = await shipment("lbl_heavy_1", { weightGrams: 25_000 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ShipmondoError);
    expect((refused as ShipmondoError).kind).toBe("rejected");
    expect((refused as ShipmondoError).status).toBe(422);
    expect((refused as ShipmondoError).retryable).toBe(false);
  });
});

describe("cancelShipment", () => {
  it("cancels at Shipmondo and the carrier", async () => {
    const created = await shipment("lbl_cancel_1");
    expect(await carrier.cancelShipment(created.providerReference)).toEqual({
      cancelledAtCarrier: true,
      refunded: false,
    });
    expect(standIn.controls.shipments().find((s) => String(s.id) === created.providerReference)?.cancelled).toBe(true);
  });

  it("an unknown shipment is not_found", async () => {
    const refused = await carrier.cancelShipment("999").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ShipmondoError);
    expect((refused as ShipmondoError).kind).toBe("not_found");
  });
});

describe("tracking webhooks", () => {
  it("a signed message is accepted and mapped to our event", async () => {
    const receiver = await startReceiver();
    try {
      standIn.controls.registerWebhook({ url: receiver.url, key: WEBHOOK_KEY });
      const created = await shipment("lbl_track_1");
      for (const status of ["sent", "ready_for_pickup", "delivered", "picked_up"]) {
        await standIn.controls.sendTrackingEvent(created.providerReference, status);
      }
      const updates = await Promise.all(
        receiver.received.map(async (r) => readTrackingUpdate(await verifyShipmondoWebhook(r.body, WEBHOOK_KEY))),
      );
      expect(updates.map((u) => [u?.shipmentId, u?.reference, u?.packageNumber, u?.status, u?.event])).toEqual([
        [created.providerReference, "lbl_track_1", created.labelCode, "sent", "sent"],
        [created.providerReference, "lbl_track_1", created.labelCode, "ready_for_pickup", "pickup_ready"],
        [created.providerReference, "lbl_track_1", created.labelCode, "delivered", "delivered"],
        // Ambiguous in Shipmondo's vocabulary: not mapped (tracking-events.ts).
        [created.providerReference, "lbl_track_1", created.labelCode, "picked_up", null],
      ]);
    } finally {
      await receiver.close();
    }
  });

  it("refuses a wrong key, a tampered token, a body without data, and an expired token", async () => {
    const receiver = await startReceiver();
    try {
      standIn.controls.registerWebhook({ url: receiver.url, key: WEBHOOK_KEY, action: "delivered" });
      const created = await shipment("lbl_track_2");
      await standIn.controls.sendTrackingEvent(created.providerReference, "delivered");
      const body = receiver.received.at(-1)?.body ?? "";
      const refusal = (promise: Promise<unknown>) =>
        promise.then(
          () => "accepted",
          (e: unknown) => (e instanceof ShipmondoWebhookRefused ? e.reason : String(e)),
        );

      expect(await refusal(verifyShipmondoWebhook(body, "another-key"))).toBe("bad_signature");

      const [header, , signature] = (JSON.parse(body) as { data: string }).data.split(".");
      const forged = Buffer.from(
        JSON.stringify(JSON.stringify({ webhook: "x", data: { id: 1, status: "delivered" } })),
      ).toString("base64url");
      expect(
        await refusal(
          verifyShipmondoWebhook(JSON.stringify({ data: `${header}.${forged}.${signature}` }), WEBHOOK_KEY),
        ),
      ).toBe("bad_signature");

      expect(await refusal(verifyShipmondoWebhook("{}", WEBHOOK_KEY))).toBe("missing_data");
      expect(await refusal(verifyShipmondoWebhook('{"data": ""}', WEBHOOK_KEY))).toBe("missing_data");
      expect(await refusal(verifyShipmondoWebhook("not json", WEBHOOK_KEY))).toBe("malformed");

      const expired = await new SignJWT({ webhook: "x", data: { id: 1, status: "delivered" } })
        .setProtectedHeader({ alg: "HS256" })
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(new TextEncoder().encode(WEBHOOK_KEY));
      expect(await refusal(verifyShipmondoWebhook(JSON.stringify({ data: expired }), WEBHOOK_KEY))).toBe("expired");

      const unsigned = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${forged}.`;
      expect(await refusal(verifyShipmondoWebhook(JSON.stringify({ data: unsigned }), WEBHOOK_KEY))).toBe("malformed");
    } finally {
      await receiver.close();
    }
  });

  it("is retried until the endpoint answers 2xx", async () => {
    let calls = 0;
    const receiver = await startReceiver(() => (++calls === 1 ? 503 : 204));
    try {
      standIn.controls.registerWebhook({ url: receiver.url, key: WEBHOOK_KEY, action: "delivered" });
      const created = await shipment("lbl_track_3");
      // Webhooks of earlier tests are still subscribed (their receivers closed): look at this one's.
      const outcomes = await standIn.controls.sendTrackingEvent(created.providerReference, "delivered");
      const attempts = standIn.controls.deliveries().filter((d) => d.url === receiver.url);
      expect(attempts.map((d) => [d.attempt, d.answeredStatus, d.delivered])).toEqual([
        [1, 503, false],
        [2, 204, true],
      ]);
      expect(outcomes.find((d) => d.url === receiver.url)?.delivered).toBe(true);
      expect(
        readTrackingUpdate(await verifyShipmondoWebhook(receiver.received[0]?.body ?? "", WEBHOOK_KEY))?.event,
      ).toBe("delivered");
    } finally {
      await receiver.close();
    }
  });
});

describe("failures", () => {
  const secretsIn = (error: unknown) => {
    const text = `${String(error)} ${JSON.stringify(error)} ${(error as Error).stack ?? ""}`;
    const token = Buffer.from(`${standIn.apiUser}:${standIn.apiKey}`).toString("base64");
    return [standIn.apiUser, standIn.apiKey, token].filter((secret) => text.includes(secret));
  };

  it("Shipmondo unreachable is a retryable typed error without the credentials", async () => {
    standIn.controls.makeUnreachable(500, "reset");
    const error = await carrier
      .quote({ carrier: "gls", productCode: "GLSDK_SD", weightGrams: 1000, from: seller, to: buyer })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShipmondoError);
    expect((error as ShipmondoError).kind).toBe("unreachable");
    expect((error as ShipmondoError).retryable).toBe(true);
    expect(secretsIn(error)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(
      await carrier.quote({ carrier: "gls", productCode: "GLSDK_SD", weightGrams: 1000, from: seller, to: buyer }),
    ).not.toBeNull();
  });

  it("a 500 from Shipmondo is a retryable server_error", async () => {
    standIn.controls.makeUnreachable(300, "error_500");
    const error = await shipment("lbl_down_1").catch((e: unknown) => e);
    expect((error as ShipmondoError).kind).toBe("server_error");
    expect((error as ShipmondoError).retryable).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 400));
  });

  it("no answer within the timeout is a timeout", async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const slow = createShipmondoCarrier({
        baseUrl: `http://127.0.0.1:${port}/api/public/v3`,
        apiUser: standIn.apiUser,
        apiKey: standIn.apiKey,
        timeoutMs: 200,
        trackingUrls: TRACKING_URLS,
      });
      const error = await slow.cancelShipment("1").catch((e: unknown) => e);
      expect((error as ShipmondoError).kind).toBe("timeout");
      expect(secretsIn(error)).toEqual([]);
    } finally {
      silent.close();
    }
  });

  it("wrong credentials are unauthorized, and the message does not repeat them", async () => {
    const wrong = createShipmondoCarrier({
      baseUrl: standIn.apiBaseUrl,
      apiUser: standIn.apiUser,
      apiKey: "not-the-key",
      trackingUrls: TRACKING_URLS,
    });
    const error = await wrong
      .quote({ carrier: "gls", productCode: "GLSDK_SD", weightGrams: 1000, from: seller, to: buyer })
      .catch((e: unknown) => e);
    expect((error as ShipmondoError).kind).toBe("unauthorized");
    expect((error as ShipmondoError).status).toBe(401);
    expect((error as Error).message).not.toContain("not-the-key");
    expect((error as Error).message).not.toContain(standIn.apiUser);
  });
});

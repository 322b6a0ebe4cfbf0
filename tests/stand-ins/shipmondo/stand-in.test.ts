// The Shipmondo stand-in refuses what Shipmondo's published document refuses, answers in the
// document's shapes, and its test controls work over HTTP as the process (main.ts) offers them.
import { OpenAPIBackend } from "openapi-backend";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReceiver } from "../../helpers/webhook-receiver.ts";
import { loadPublishedApi } from "./published-api.ts";
import { startShipmondoStandIn, type ShipmondoStandIn } from "./server.ts";

let standIn: ShipmondoStandIn;
let auth: string;

beforeAll(async () => {
  standIn = await startShipmondoStandIn({ apiUser: "api-user-1", apiKey: "api-key-1", webhookRetryDelaysMs: [20, 20] });
  auth = `Basic ${Buffer.from("api-user-1:api-key-1").toString("base64")}`;
});

afterAll(async () => {
  await standIn.stop();
});

async function call(method: string, path: string, body?: unknown, authorization: string | null = auth) {
  const response = await fetch(`${standIn.apiBaseUrl}${path}`, {
    method,
    headers: {
      ...(authorization !== null && { Authorization: authorization }),
      ...(body !== undefined && { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}

const address = { address1: "Skibhusvej 52", zipcode: "5000", city: "Odense C", country_code: "DK" };
const validShipment = {
  own_agreement: false,
  label_format: "a4_pdf",
  product_code: "GLSDK_SD",
  service_codes: "",
  reference: "stand-in-test",
  parties: [
    {
      type: "sender",
      name: "A",
      address1: "Hvilehøjvej 25",
      postal_code: "5220",
      city: "Odense SØ",
      country_code: "DK",
    },
    {
      type: "receiver",
      name: "B",
      address1: "Skibhusvej 52",
      postal_code: "5000",
      city: "Odense C",
      country_code: "DK",
    },
  ],
  parcels: [{ weight: 1000 }],
};

describe("validation against the published document", () => {
  it("records where its document came from", () => {
    expect(standIn.publishedSource).toMatch(/github\.com\/shipmondo\/shipmondo-cli commit [0-9a-f]{40}.*openapi\.json/);
  });

  it("refuses a missing required field with 422 and Shipmondo's error shape", async () => {
    const { product_code: _dropped, ...withoutProduct } = validShipment;
    const answer = await call("POST", "/shipments", withoutProduct);
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ error: expect.stringContaining("must have required property 'product_code'") });

    const quote = await call("POST", "/quotes/list", {
      sender: { ...address, zipcode: undefined },
      receiver: address,
      parcels: [{ weight: 1 }],
    });
    expect(quote.status).toBe(422);
    expect(quote.body).toEqual({ error: expect.stringContaining("zipcode") });
  });

  it("refuses a wrong type in the body, the query and the path", async () => {
    const body = await call("POST", "/shipments", { ...validShipment, parcels: [{ weight: "heavy" }] });
    expect(body.status).toBe(422);
    expect(body.body).toEqual({ error: expect.stringContaining("/requestBody/parcels/0/weight must be integer") });

    const query = await call("GET", "/shipments?page=first");
    expect(query.status).toBe(422);
    expect(query.body).toEqual({ error: expect.stringContaining("/query/page must be integer") });

    const path = await call("PUT", "/shipments/abc/cancel");
    expect(path.status).toBe(422);

    const enumValue = await call("POST", "/shipments", { ...validShipment, label_format: "a5_pdf" });
    expect(enumValue.status).toBe(422);

    const notJson = await call("POST", "/shipments", "{not json");
    expect(notJson.status).toBe(422);
  });

  it("refuses bad or missing Basic auth with 401 before looking at the request", async () => {
    for (const authorization of [
      null,
      `Basic ${Buffer.from("api-user-1:wrong").toString("base64")}`,
      "Bearer api-key-1",
    ]) {
      const answer = await call("POST", "/shipments", validShipment, authorization);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error: "Invalid API User or API Key" });
    }
    expect((await call("POST", "/shipments", { nonsense: true }, null)).status).toBe(401);
  });

  it("answers 404 for what the document does not serve, and for unknown shipments", async () => {
    expect(await call("GET", "/nothing-here")).toEqual(
      expect.objectContaining({ status: 404, body: { error: "Resource not found" } }),
    );
    expect((await call("GET", "/shipments/424242")).status).toBe(404);
    expect((await call("GET", "/shipments/424242/labels")).status).toBe(404);
  });

  it("accepts a valid request, and answers it in the shape the document gives", async () => {
    const document = loadPublishedApi();
    const checker = new OpenAPIBackend({ definition: document, strict: true, ajvOpts: { validateFormats: false } });
    checker.register({ notFound: () => null, validationFail: () => null, unauthorizedHandler: () => null });
    await checker.init();

    const created = await call("POST", "/shipments", validShipment);
    expect(created.status).toBe(200);
    expect(checker.validateResponse(created.body, "shipments_post").errors ?? []).toEqual([]);
    const id = (created.body as { id: number }).id;

    const listed = await call("GET", "/shipments?per_page=1&page=1");
    expect(listed.status).toBe(200);
    expect(listed.headers.get("X-Per-Page")).toBe("1");
    expect(checker.validateResponse(listed.body, "shipments_get").errors ?? []).toEqual([]);

    const labels = await call("GET", `/shipments/${id}/labels?label_format=a4_pdf`);
    expect(checker.validateResponse(labels.body, "shipment_labels").errors ?? []).toEqual([]);

    const quotes = await call("POST", "/quotes/list", {
      sender: address,
      receiver: address,
      parcels: [{ weight: 1000 }],
    });
    expect(checker.validateResponse(quotes.body, "quotes/list_post").errors ?? []).toEqual([]);

    const cancelled = await call("PUT", `/shipments/${id}/cancel`);
    expect(cancelled.body).toEqual({ cancelled: true, cancelled_at_carrier: true, refunded: false });
  });

  it("creates webhooks through the API, refusing one without its key", async () => {
    const webhook = {
      name: "tracking",
      endpoint: "http://127.0.0.1:9/hooks",
      key: "k",
      action: "latest",
      resource_name: "Shipment Monitor",
    };
    const { key: _key, ...withoutKey } = webhook;
    expect((await call("POST", "/webhooks", withoutKey)).status).toBe(422);
    expect((await call("POST", "/webhooks", { ...webhook, resource_name: "Parcels" })).status).toBe(422);
    const created = await call("POST", "/webhooks", webhook);
    expect(created.status).toBe(200);
    expect(created.body).toEqual([
      expect.objectContaining({ name: "tracking", active: true, resource_name: "Shipment Monitor" }),
    ]);
    expect(JSON.stringify((await call("GET", "/webhooks")).body)).not.toContain('"key"');
  });
});

describe("controls over HTTP", () => {
  const control = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${standIn.url}/_stand_in${path}`, {
      method,
      headers: { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it("registers a webhook and sends a signed tracking message as Shipmondo's documentation shows it", async () => {
    const receiver = await startReceiver();
    try {
      expect((await control("POST", "/webhooks", { url: receiver.url, key: "k2", action: "delivered" })).status).toBe(
        200,
      );
      const id = ((await call("POST", "/shipments", { ...validShipment, reference: "hooked" })).body as { id: number })
        .id;
      const sent = await control("POST", `/shipments/${id}/tracking`, { status: "delivered" });
      expect(sent.body).toEqual(
        expect.arrayContaining([expect.objectContaining({ url: receiver.url, delivered: true })]),
      );
      const message = receiver.received[0];
      const token = (JSON.parse(message?.body ?? "{}") as { data: string }).data;
      // The documented example token's header, and its payload: a JSON string holding the message.
      expect(token.split(".")[0]).toBe("eyJhbGciOiJIUzI1NiJ9");
      const payload = JSON.parse(
        JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as string,
      ) as {
        data: { id: number; reference: string; status: string };
      };
      expect(payload.data).toMatchObject({ id, reference: "hooked", status: "delivered" });
      expect(message?.headers["smd-action"]).toBe("delivered");
      expect(message?.headers["smd-resource-id"]).toBe(String(id));
    } finally {
      await receiver.close();
    }
  });

  it("lists the requests it saw without their credentials, and can be made unreachable", async () => {
    const seen = await control("GET", "/requests");
    expect(Array.isArray(seen.body)).toBe(true);
    expect(JSON.stringify(seen.body)).not.toContain("api-key-1");
    await control("POST", "/unreachable", { forMs: 300, mode: "error_500" });
    expect((await call("GET", "/shipments")).status).toBe(500);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await call("GET", "/shipments")).status).toBe(200);
  });
});

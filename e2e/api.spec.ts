// The v1 API over real HTTP on the production server, as a tenant's backend calls it.
import { expect, test } from "@playwright/test";
import { createE2eTenant, type E2eTenant } from "./support/tenant.ts";

let tenant: E2eTenant;
test.beforeAll(() => {
  tenant = createE2eTenant();
});

const auth = () => ({ Authorization: `Bearer ${tenant.testApiKey}` });

test("Get user details of an unknown user answers 404 with the error record", async ({ request }) => {
  const response = await request.get("/api/v1/marketplace/users/nobody-here", { headers: auth() });
  expect(response.status()).toBe(404);
  const body = await response.json();
  expect(body).toMatchObject({ title: "Not found", status: 404, errors: [], typeCode: "not-found" });
  expect(response.headers()["x-correlation-id"]).toBe(body.traceId);
});

test("no token answers 401, a short correlation id 400", async ({ request }) => {
  const anonymous = await request.get("/api/v1/marketplace/users/u1");
  expect(anonymous.status()).toBe(401);
  expect((await anonymous.json()).typeCode).toBe("unauthorized");

  const short = await request.get("/api/v1/marketplace/users/u1", {
    headers: { ...auth(), "X-Correlation-Id": "too-short" },
  });
  expect(short.status()).toBe(400);
  expect((await short.json()).errors).toEqual([{ key: "X-Correlation-Id", value: expect.any(String) }]);
});

test("sandbox connect, then user details", async ({ request }) => {
  const connected = await request.post("/api/v1/sandbox/users/e2e-seller/connect", {
    headers: auth(),
    data: { kycLevel: 2 },
  });
  expect(connected.status()).toBe(200);
  const details = await request.get("/api/v1/marketplace/users/e2e-seller", { headers: auth() });
  expect(await details.json()).toMatchObject({ serviceUserId: (await connected.json()).serviceAccountId, kycLevel: 2 });

  const live = await request.post("/api/v1/sandbox/users/e2e-seller/connect", {
    headers: { Authorization: `Bearer ${tenant.liveApiKey}` },
    data: { kycLevel: 1 },
  });
  expect(live.status()).toBe(403);
});

test("unknown API addresses answer the error record, not an HTML page", async ({ request }) => {
  const response = await request.get("/api/v1/does-not-exist", { headers: auth() });
  expect(response.status()).toBe(404);
  expect((await response.json()).typeCode).toBe("not-found");
});

test("the OpenAPI document is served", async ({ request }) => {
  const response = await request.get("/api/v1/openapi.json");
  expect(response.status()).toBe(200);
  const document = await response.json();
  expect(document.openapi).toBe("3.1.0");
  expect(Object.keys(document.paths)).toContain("/v1/marketplace/users/{marketplaceUserId}");
});

test("pages carry security headers: no framing, no cross-origin referrer, no sniffing", async ({ request }) => {
  const response = await request.get("/docs");
  const headers = response.headers();
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("same-origin");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
});

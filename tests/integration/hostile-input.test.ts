// Regressions found by the schema-driven fuzzing (tests/integration/fuzz-*.test.ts): input that the
// schemas allowed but the database refused answered 500; it is now a 400 naming the field.
import { describe, expect, it } from "vitest";
import { GET as getUser } from "../../app/api/v1/marketplace/users/[marketplaceUserId]/route.ts";
import { GET as listEvents } from "../../app/api/v1/webhooks/events/route.ts";
import { POST as connect } from "../../app/api/v1/sandbox/users/[marketplaceUserId]/connect/route.ts";
import { POST as createSubscription } from "../../app/api/v1/webhooks/subscriptions/route.ts";
import { callRoute, expectErrorRecord } from "../helpers/call-route.ts";
import { freshTenant } from "../helpers/tenants.ts";

describe("hostile input", () => {
  it("refuses a NUL character in a path or query value (PostgreSQL text cannot hold it)", async () => {
    const { testApiKey: token } = await freshTenant();
    const user = expectErrorRecord(
      await callRoute(getUser, {
        path: "/api/v1/marketplace/users/a%00b",
        params: { marketplaceUserId: "a\u0000b" },
        token,
      }),
      400,
      "validation-error",
    );
    expect(user.errors.map((e) => e.key)).toEqual(["marketplaceUserId"]);
    const events = expectErrorRecord(
      await callRoute(listEvents, { path: "/api/v1/webhooks/events?tradeId=a%00b", token }),
      400,
      "validation-error",
    );
    expect(events.errors.map((e) => e.key)).toEqual(["tradeId"]);
  });

  it("refuses a lone surrogate (jsonb cannot hold its escape) and names the field", async () => {
    const { testApiKey: token } = await freshTenant();
    const result = expectErrorRecord(
      await callRoute(connect, {
        method: "POST",
        path: "/api/v1/sandbox/users/x/connect",
        params: { marketplaceUserId: "a\ud800b" },
        token,
        body: { kycLevel: 1 },
      }),
      400,
      "validation-error",
    );
    expect(result.errors.map((e) => e.key)).toEqual(["marketplaceUserId"]);
  });

  it("refuses JSON nested deeper than 32 levels, at the level where it gets too deep", async () => {
    const { testApiKey: token } = await freshTenant();
    const rawBody = `{"url":"http://localhost:9/x","description":${"[".repeat(5000)}${"]".repeat(5000)}}`;
    const result = expectErrorRecord(
      await callRoute(createSubscription, {
        method: "POST",
        path: "/api/v1/webhooks/subscriptions",
        token,
        rawBody,
        headers: { "Content-Type": "application/json" },
      }),
      400,
      "validation-error",
    );
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]!.key).toMatch(/^description(\[0\]){31}$/);
  });
});

// The http_route label: a route template with no id, token or name in it, whatever the path.
import { describe, expect, it } from "vitest";
import { apiRouteTemplate, pageRouteTemplate } from "../../lib/ops/route-template.ts";

describe("route templates for metrics and logs", () => {
  it("put the parameter names of an API route in place of their values", () => {
    expect(
      apiRouteTemplate("/api/v1/marketplace/users/u%201/trades/t-9", { marketplaceUserId: "u 1", tradeId: "t-9" }),
    ).toBe("/api/v1/marketplace/users/{marketplaceUserId}/trades/{tradeId}");
    expect(apiRouteTemplate("/api/v1/marketplace/trades/initiate", {})).toBe("/api/v1/marketplace/trades/initiate");
  });

  it("name pages by their shape: a hosted link's token never becomes a label", () => {
    expect(pageRouteTemplate("/checkout/SECRET-TOKEN")).toBe("/checkout/{token}");
    expect(pageRouteTemplate("/pay/SECRET-TOKEN/confirm")).toBe("/pay/{token}/{action}");
    expect(pageRouteTemplate("/track/gls/12345678901")).toBe("/track/{carrier}/{code}");
    expect(pageRouteTemplate("/console/trades")).toBe("/console/trades");
    expect(pageRouteTemplate("/console/trades/4f1c-uuid")).toBe("/console/trades/*");
    expect(pageRouteTemplate("/console/anything-else/x")).toBe("/console/*");
    expect(pageRouteTemplate("/_next/static/chunks/a.js")).toBe("/_next/*");
    expect(pageRouteTemplate("/wp-admin/../etc/passwd")).toBe("other");
    expect(pageRouteTemplate("/healthz")).toBe("/healthz");
    expect(pageRouteTemplate("/docs")).toBe("/docs");
    expect(pageRouteTemplate("/docs/operations/getTrades")).toBe("/docs/operations/{operationId}");
    expect(pageRouteTemplate("/docs/webhooks/trade.created")).toBe("/docs/webhooks/{event}");
    expect(pageRouteTemplate("/docs/schemas/Trade")).toBe("/docs/schemas/{name}");
    expect(pageRouteTemplate("/docs/errors")).toBe("/docs/errors");
    expect(pageRouteTemplate("/docs/anything/else")).toBe("other");
  });
});

// The settings page's changes: admins only; each section validated as a whole (a rejected save
// changes nothing) with the problem named per field; the currency only while there are no trades;
// the whitelist keeps ids that business users still use; the API rate limit within the console's
// bounds.
import { describe, expect, it } from "vitest";
import { ConsoleForbidden } from "../../lib/console/auth/staff-session.ts";
import { loadSettings } from "../../lib/console/settings/load-settings.ts";
import {
  BusinessIdsBody,
  DeadlinesBody,
  HostedPagesBody,
  RateLimitBody,
} from "../../lib/console/settings/settings-rules.ts";
import { updateBusinessIds } from "../../lib/console/settings/update-business-ids.ts";
import { updateCurrency } from "../../lib/console/settings/update-currency.ts";
import { updateDeadlines } from "../../lib/console/settings/update-deadlines.ts";
import { updateHostedPages } from "../../lib/console/settings/update-hosted-pages.ts";
import { updateApiRateLimit } from "../../lib/console/settings/update-rate-limit.ts";
import { staffOf } from "../helpers/staff-context.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

const DAY = 86_400;
const deadlines = {
  unpaidExpirySeconds: 3 * DAY,
  shipmentDeadlineSeconds: 4 * DAY,
  acceptanceDeadlineSeconds: 36 * 3600,
  returnShipmentDeadlineSeconds: 6 * DAY,
  returnAcceptanceDeadlineSeconds: 2 * DAY,
};
const hosted = {
  brandName: "Loppemarkedet",
  brandColor: "#0F766E",
  locale: "da" as const,
  allowedRedirectOrigins: ["https://shop.example", "loppe://", "https://shop.example/"],
};

async function adminTenant() {
  // The schema's default rate limit, not the helper's unthrottled one.
  const tenant = await freshTenant({ allowedBusinessIds: ["12345678"], rateLimitPerMinute: undefined });
  return { tenant, admin: await staffOf(tenant.tenantId, "admin") };
}
const row = (tenantId: string) => db.tenant.findUniqueOrThrow({ where: { id: tenantId } });

describe("console settings", () => {
  it("an admin saves deadlines, hosted pages, currency and whitelist, and the page shows them", async () => {
    const { tenant, admin } = await adminTenant();
    expect(await updateDeadlines(admin, DeadlinesBody.parse(deadlines))).toEqual(deadlines);
    expect(await updateHostedPages(admin, HostedPagesBody.parse(hosted))).toEqual({
      brandName: "Loppemarkedet",
      brandColor: "#0f766e",
      locale: "da",
      allowedRedirectOrigins: ["https://shop.example", "loppe://"],
    });
    expect(await updateCurrency(admin, { currency: "EUR" })).toEqual({ currency: "EUR" });
    expect(
      await updateBusinessIds(
        admin,
        BusinessIdsBody.parse({ allowedBusinessIds: [" 12345678", "87654321", "87654321"] }),
      ),
    ).toEqual({ allowedBusinessIds: ["12345678", "87654321"] });

    const view = await loadSettings(admin);
    expect(view.deadlines).toEqual(deadlines);
    expect(view.hostedPages).toEqual({
      brandName: "Loppemarkedet",
      brandColor: "#0f766e",
      locale: "da",
      allowedRedirectOrigins: ["https://shop.example", "loppe://"],
    });
    expect(view.currency).toEqual({ currency: "EUR", hasTrades: false });
    expect(view.businessIds.allowedBusinessIds).toEqual(["12345678", "87654321"]);
    expect(view.fees).toEqual({ payerPercent: "0", payerFixedMinor: 0n, payeePercent: "0", payeeFixedMinor: 0n });
    expect(view.rateLimitPerMinute).toBe(1200);
    expect((await row(tenant.tenantId)).acceptanceDeadlineSeconds).toBe(36 * 3600);
  });

  it("refuses deadlines that together outlast the payment rail's hold budget, and changes nothing", async () => {
    const { tenant, admin } = await adminTenant();
    // Each within its own limit; together (30 + 14 + 14 + 30 + 14 days and 2 × 10 days in
    // transit = 122 days) past the 90 days a rail may hold the payer's money.
    const longest = {
      unpaidExpirySeconds: 3 * DAY,
      shipmentDeadlineSeconds: 30 * DAY,
      acceptanceDeadlineSeconds: 14 * DAY,
      returnShipmentDeadlineSeconds: 30 * DAY,
      returnAcceptanceDeadlineSeconds: 14 * DAY,
    };
    const refused = await updateDeadlines(admin, DeadlinesBody.parse(longest)).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "validation-error", status: 400 });
    expect((refused as Error).message).toMatch(/run 122 days .* at most 90 days\. Shorten them by 32 days/);
    expect((await row(tenant.tenantId)).shipmentDeadlineSeconds).toBe(5 * DAY); // the default, unchanged
    // 32 days shorter in all, they fit.
    const fitting = { ...longest, shipmentDeadlineSeconds: 14 * DAY, returnShipmentDeadlineSeconds: 14 * DAY };
    expect(await updateDeadlines(admin, DeadlinesBody.parse(fitting))).toEqual(fitting);
  });

  it("refuses a viewer every change, and changes nothing", async () => {
    const { tenant } = await adminTenant();
    const viewer = await staffOf(tenant.tenantId, "viewer");
    const before = await row(tenant.tenantId);
    await expect(updateDeadlines(viewer, deadlines)).rejects.toBeInstanceOf(ConsoleForbidden);
    await expect(updateHostedPages(viewer, hosted)).rejects.toBeInstanceOf(ConsoleForbidden);
    await expect(updateCurrency(viewer, { currency: "EUR" })).rejects.toBeInstanceOf(ConsoleForbidden);
    await expect(updateBusinessIds(viewer, { allowedBusinessIds: [] })).rejects.toBeInstanceOf(ConsoleForbidden);
    await expect(updateApiRateLimit(viewer, { rateLimitPerMinute: 3000 })).rejects.toBeInstanceOf(ConsoleForbidden);
    expect(await row(tenant.tenantId)).toEqual(before);
    // Viewers may look.
    expect((await loadSettings(viewer)).currency.currency).toBe("DKK");
  });

  it("checks deadlines against their limits, naming each field", () => {
    const parsed = DeadlinesBody.safeParse({
      ...deadlines,
      unpaidExpirySeconds: 60,
      acceptanceDeadlineSeconds: 100 * DAY,
      shipmentDeadlineSeconds: 1.5,
    });
    expect(parsed.success).toBe(false);
    const messages = Object.fromEntries(parsed.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(messages).toMatchObject({
      unpaidExpirySeconds: "At least 1 hour.",
      acceptanceDeadlineSeconds: "At most 14 days.",
      shipmentDeadlineSeconds: "Whole seconds only.",
    });
    expect(DeadlinesBody.safeParse({ ...deadlines, extra: 1 }).success).toBe(false);
  });

  it("a hosted-pages save with one bad field names it and saves nothing", async () => {
    const { tenant, admin } = await adminTenant();
    await updateHostedPages(admin, hosted);
    const before = await row(tenant.tenantId);
    const attempt = updateHostedPages(admin, {
      brandName: "Other",
      brandColor: "teal",
      locale: "en",
      allowedRedirectOrigins: ["https://ok.example", "https://shop.example/checkout", "javascript://"],
    });
    await expect(attempt).rejects.toMatchObject({ code: "validation-error" });
    const errors = await attempt.catch((e: { errors: { key: string }[] }) => e.errors.map((x) => x.key));
    expect(errors).toEqual(["brandColor", "allowedRedirectOrigins.1", "allowedRedirectOrigins.2"]);
    expect(await row(tenant.tenantId)).toEqual(before);
  });

  it("an empty brand clears it back to the service's own look", async () => {
    const { tenant, admin } = await adminTenant();
    await updateHostedPages(admin, hosted);
    await updateHostedPages(admin, { brandName: " ", brandColor: "", locale: "en", allowedRedirectOrigins: [] });
    expect(await row(tenant.tenantId)).toMatchObject({
      brandName: null,
      brandColor: null,
      locale: "en",
      allowedRedirectOrigins: [],
    });
  });

  it("keeps the currency once a trade exists", async () => {
    const { tenant, admin } = await adminTenant();
    const api = tenantClient(tenant.testApiKey);
    await api.smallTrade("buyer", "seller");
    expect((await loadSettings(admin)).currency).toEqual({ currency: "DKK", hasTrades: true });
    await expect(updateCurrency(admin, { currency: "EUR" })).rejects.toMatchObject({
      code: "conflict",
      errors: [{ key: "currency" }],
    });
    expect((await row(tenant.tenantId)).currency).toBe("DKK");
  });

  it("keeps a whitelisted id that a business user still uses", async () => {
    const { tenant, admin } = await adminTenant();
    await db.businessUser.create({
      data: {
        tenantId: tenant.tenantId,
        mode: "test",
        businessId: "12345678",
        businessLocationId: "1",
        name: "Shop",
        payoutsAccountNumber: "DK5000400440116243",
      },
    });
    await expect(updateBusinessIds(admin, { allowedBusinessIds: ["99999999"] })).rejects.toMatchObject({
      code: "conflict",
      errors: [{ key: "allowedBusinessIds.12345678" }],
    });
    expect((await row(tenant.tenantId)).allowedBusinessIds).toEqual(["12345678"]);
    expect(await updateBusinessIds(admin, { allowedBusinessIds: ["12345678", "99999999"] })).toEqual({
      allowedBusinessIds: ["12345678", "99999999"],
    });
  });

  it("rejects malformed whitelist entries", () => {
    const parsed = BusinessIdsBody.safeParse({ allowedBusinessIds: ["ok", "", "has space", "x".repeat(65)] });
    expect(parsed.error!.issues.map((i) => i.path.join("."))).toEqual([
      "allowedBusinessIds.1",
      "allowedBusinessIds.2",
      "allowedBusinessIds.3",
    ]);
  });

  it("an admin sets the API rate limit within 60..6,000 a minute", async () => {
    const { tenant, admin } = await adminTenant();
    expect(await updateApiRateLimit(admin, RateLimitBody.parse({ rateLimitPerMinute: 3000 }))).toEqual({
      rateLimitPerMinute: 3000,
    });
    expect((await loadSettings(admin)).rateLimitPerMinute).toBe(3000);
    expect((await row(tenant.tenantId)).rateLimitPerMinute).toBe(3000);

    const messages = (input: unknown) =>
      RateLimitBody.safeParse(input).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(messages({ rateLimitPerMinute: 59 })).toEqual(["rateLimitPerMinute: At least 60 a minute."]);
    expect(messages({ rateLimitPerMinute: 6001 })).toEqual([
      "rateLimitPerMinute: At most 6,000 a minute; contact us for more.",
    ]);
    expect(messages({ rateLimitPerMinute: 100.5 })).toEqual(["rateLimitPerMinute: Whole requests only."]);
    expect(messages({ rateLimitPerMinute: "100" })).toEqual(["rateLimitPerMinute: Enter a number."]);
    expect(RateLimitBody.safeParse({ rateLimitPerMinute: 100, extra: 1 }).success).toBe(false);
  });
});

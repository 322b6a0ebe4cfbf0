// Returning into the tenant's app: the address each operating system's in-app browser expects,
// and which callback addresses the API accepts.
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import { checkAppSwitch } from "../../lib/hosted-links/redirect-urls.ts";
import { appSwitchAddress, returnTarget } from "../../lib/hosted/return-target.ts";

const web = { successUrl: "https://shop.example/paid", cancelUrl: "https://shop.example/back?x=1", returnUrl: null };

describe("appSwitchAddress", () => {
  it("gives Android an intent: address with the scheme and the web address as the browser fallback", () => {
    const address = appSwitchAddress(
      { appSwitchCallbackUri: "marketplace://escrow/return?order=7", operatingSystem: "Android" },
      { status: "success" },
      "https://shop.example/paid",
    );
    expect(address).toBe(
      `intent://escrow/return?order=7&status=success#Intent;scheme=marketplace;S.browser_fallback_url=${encodeURIComponent("https://shop.example/paid")};end`,
    );
  });

  it("gives iOS the callback itself, so the app's web authentication session catches it", () => {
    expect(
      appSwitchAddress(
        { appSwitchCallbackUri: "marketplace://escrow/return", operatingSystem: "iOS" },
        { status: "cancelled", reason: "cancelled" },
        null,
      ),
    ).toBe("marketplace://escrow/return?status=cancelled&reason=cancelled");
  });

  it("uses an https universal or app link as it is on both systems", () => {
    for (const operatingSystem of ["Android", "iOS"] as const) {
      expect(
        appSwitchAddress(
          { appSwitchCallbackUri: "https://shop.example/app/return", operatingSystem },
          { status: "success" },
          null,
        ),
      ).toBe("https://shop.example/app/return?status=success");
    }
  });

  it("keeps a scheme-only callback without a host", () => {
    expect(
      appSwitchAddress(
        { appSwitchCallbackUri: "marketplace:done", operatingSystem: "Android" },
        { status: "success" },
        null,
      ),
    ).toBe("intent:done?status=success#Intent;scheme=marketplace;end");
  });
});

describe("returnTarget", () => {
  it("is the tenant's web address without an app switch, with the reason on cancel", () => {
    expect(returnTarget({ ...web, appSwitch: null }, { kind: "success" })).toBe("https://shop.example/paid");
    expect(returnTarget({ ...web, appSwitch: null }, { kind: "cancel", reason: "kyc_level_not_met" })).toBe(
      "https://shop.example/back?x=1&reason=kyc_level_not_met",
    );
  });

  it("goes into the app when the request carried an app switch, falling back to the web address", () => {
    const appSwitch = { appSwitchCallbackUri: "shop://r", operatingSystem: "Android" };
    expect(returnTarget({ ...web, appSwitch }, { kind: "cancel", reason: "cancelled" })).toBe(
      `intent://r?status=cancelled&reason=cancelled#Intent;scheme=shop;S.browser_fallback_url=${encodeURIComponent("https://shop.example/back?x=1&reason=cancelled")};end`,
    );
  });
});

describe("checkAppSwitch", () => {
  const open = { allowedRedirectOrigins: [] as string[] };
  const registered = { allowedRedirectOrigins: ["https://shop.example", "shopapp://"] };
  const problem = (tenant: { allowedRedirectOrigins: string[] }, mode: "test" | "live", uri: string) => {
    try {
      checkAppSwitch(tenant, mode, { appSwitchCallbackUri: uri, operatingSystem: "iOS" });
      return null;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      expect(error.errors[0]?.key).toBe("appSwitch.appSwitchCallbackUri");
      return error.errors[0]!.value;
    }
  };

  it.each([
    "javascript:alert(1)",
    "data:text/html,x",
    "//evil.example/x",
    "intent://x#Intent;end",
    "file:///etc/passwd",
    "vbscript:x",
    "not a uri",
  ])("refuses %s", (uri) => {
    expect(problem(open, "test", uri)).not.toBeNull();
  });

  it("accepts any app scheme in the sandbox until origins are registered, then only registered ones", () => {
    expect(problem(open, "test", "anyapp://return")).toBeNull();
    expect(problem(registered, "live", "shopapp://return")).toBeNull();
    expect(problem(registered, "test", "otherapp://return")).toMatch(/not one of your registered/);
    expect(problem(open, "live", "anyapp://return")).toMatch(/Register your app scheme/);
  });

  it("holds an https callback to the redirect rules", () => {
    expect(problem(registered, "live", "https://shop.example/app")).toBeNull();
    expect(problem(registered, "live", "https://evil.example/app")).toMatch(/registered/);
  });
});

import { describe, expect, it } from "vitest";
import { checkHostedPageSettings, normaliseRedirectOrigin } from "../../lib/tenants/hosted-page-settings.ts";

describe("hosted page settings", () => {
  it("normalises redirect origins and app schemes", () => {
    expect(normaliseRedirectOrigin("https://Shop.Example/")).toBe("https://shop.example");
    expect(normaliseRedirectOrigin("http://localhost:3000")).toBe("http://localhost:3000");
    expect(normaliseRedirectOrigin("ShopApp://")).toBe("shopapp://");
  });

  it.each(["https://shop.example/path", "javascript://", "ftp://x.example", "shop.example", "data://"])(
    "refuses %s as a redirect origin",
    (value) => {
      expect(() => normaliseRedirectOrigin(value)).toThrow();
    },
  );

  it("checks the brand colour and language", () => {
    expect(checkHostedPageSettings({ brandColor: "#0F766E", brandName: "  Loppe  ", locale: "da" })).toEqual({
      brandColor: "#0f766e",
      brandName: "Loppe",
      locale: "da",
    });
    expect(checkHostedPageSettings({ brandColor: "", brandName: "" })).toEqual({ brandColor: null, brandName: null });
    expect(() => checkHostedPageSettings({ brandColor: "teal" })).toThrow(/hex/);
    expect(() => checkHostedPageSettings({ locale: "sv" as "da" })).toThrow(/en or da/);
  });
});

describe("refused app schemes", () => {
  it("are one list: what the API refuses as an app-switch callback, the console and the CLI refuse to register", async () => {
    const { staticAppSwitchProblem } = await import("../../lib/schemas/common.ts");
    for (const scheme of [
      "javascript",
      "vbscript",
      "data",
      "file",
      "view-source",
      "chrome",
      "chrome-extension",
      "intent",
      "blob",
      "about",
    ]) {
      expect(() => normaliseRedirectOrigin(`${scheme}://`), scheme).toThrow();
      expect(() => normaliseRedirectOrigin(`${scheme.toUpperCase()}://`), scheme).toThrow();
      expect(staticAppSwitchProblem(`${scheme}://escrow/return`), scheme).toMatch(/scheme is not allowed/);
    }
    expect(normaliseRedirectOrigin("shopapp://")).toBe("shopapp://");
    expect(staticAppSwitchProblem("shopapp://escrow/return")).toBeNull();
  });
});

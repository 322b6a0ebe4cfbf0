import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import { checkRedirectUrl } from "../../lib/hosted-links/redirect-urls.ts";

const open = { allowedRedirectOrigins: [] as string[] };
const registered = { allowedRedirectOrigins: ["https://shop.example"] };

function problem(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    expect(error.code).toBe("validation-error");
    expect(error.errors[0]?.key).toBe("successUrl");
    return error.errors[0]?.value ?? "";
  }
}

describe("checkRedirectUrl", () => {
  it("accepts https anywhere in test mode until origins are registered", () => {
    expect(checkRedirectUrl(open, "test", "successUrl", "https://any.example/x?y=1")).toBe("https://any.example/x?y=1");
  });

  it.each([
    "javascript:alert(1)",
    "data:text/html,x",
    "//evil.example",
    "\\\\evil.example",
    "ftp://x.example",
    "relative/path",
    "https://u:p@x.example",
  ])("refuses %s", (url) => {
    expect(problem(() => checkRedirectUrl(open, "test", "successUrl", url))).not.toBeNull();
  });

  it("allows http only to loopback and only in test mode", () => {
    for (const url of ["http://localhost:3000/ok", "http://127.0.0.1/ok", "http://[::1]:8080/"]) {
      expect(problem(() => checkRedirectUrl(open, "test", "successUrl", url))).toBeNull();
      expect(problem(() => checkRedirectUrl(registered, "live", "successUrl", url))).toMatch(/https/);
    }
    expect(problem(() => checkRedirectUrl(open, "test", "successUrl", "http://shop.example/"))).toMatch(/https/);
  });

  it("requires a registered origin once any is registered, and always in live mode", () => {
    expect(problem(() => checkRedirectUrl(registered, "live", "successUrl", "https://shop.example/done"))).toBeNull();
    expect(problem(() => checkRedirectUrl(registered, "test", "successUrl", "https://shop.example.evil.com/"))).toMatch(
      /registered/,
    );
    expect(problem(() => checkRedirectUrl(open, "live", "successUrl", "https://shop.example/"))).toMatch(
      /Register at least one/,
    );
  });
});

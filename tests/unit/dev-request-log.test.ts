// `npm run dev` logged every API request twice (issue 33): the API's own line (lib/ops/log.ts) and
// Next's dev-server line for the same request. Next leaves the v1 API's requests to the API's log
// and still logs pages and the console's own endpoints.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { NextConfig } from "next";
import { describe, expect, it } from "vitest";

// A JavaScript module without types (the project type-checks TypeScript only).
const nextConfig: NextConfig = (await import(pathToFileURL(path.resolve("next.config.js")).href)).default;

describe("Next's dev request log", () => {
  it("leaves /api/v1 to the API's own log line and keeps everything else", () => {
    const incoming = nextConfig.logging ? nextConfig.logging.incomingRequests : false;
    const ignore: RegExp[] = typeof incoming === "object" ? (incoming.ignore ?? []) : [];
    const ignored = (url: string) => ignore.some((pattern) => pattern.test(url));
    expect(ignored("/api/v1/marketplace/users/alice")).toBe(true);
    expect(ignored("/api/v1/openapi.json")).toBe(true);
    for (const url of ["/", "/console/trades", "/console/api/webhooks/subscriptions", "/checkout/abc", "/docs"])
      expect(ignored(url), url).toBe(false);
  });
});

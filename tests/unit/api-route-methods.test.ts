// proxy.ts learns which methods each v1 route file serves by reading its source (it cannot import
// the handlers); the production server imports them. This checks the reading against the real
// exports of every route file, so the two routers' 405s cannot drift apart.
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadApiRouter, readApiRouteMethods } from "../../lib/http/api-router.ts";

const DIR = "app/api/v1";

function routePaths(folder = DIR): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isFile() && entry.name === "route.ts")
      return [`/api/v1${folder.slice(DIR.length)}`.replace(/\[([^\]]+)\]/g, "some-$1")];
    return entry.isDirectory() ? routePaths(path.join(folder, entry.name)) : [];
  });
}

describe("the methods a route file serves", () => {
  it("read from its source are the methods its module exports, for every route file", async () => {
    const router = await loadApiRouter(DIR, "/api/v1");
    const read = readApiRouteMethods(DIR, "/api/v1");
    const paths = routePaths();
    expect(paths.length).toBe(router.routeCount);
    for (const pathname of paths) expect(read(pathname), pathname).toEqual(router.methodsOf(pathname));
    expect(read("/api/v1/marketplace/trades/initiate")).toEqual(["POST"]);
    expect(read("/api/v1/no/such/path")).toEqual([]);
  }, 60_000);
});

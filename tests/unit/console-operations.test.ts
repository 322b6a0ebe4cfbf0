// Every console endpoint is declared once (lib/console/operations) and served by the route file
// whose folders spell its path: a route on disk without its operation, an operation without its
// route, or a route serving another operation's path fails here, before a page calls an address
// that does not exist.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONSOLE_OPERATIONS } from "../../lib/console/operations/index.ts";
import { consolePath } from "../../lib/console/operations/operation.ts";
import { tradeSettle, tradeList } from "../../lib/console/operations/trades.ts";
import { businessUserEdit } from "../../lib/console/operations/business-users.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const API_DIR = "app/(console)/console/api";

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** Each exported method of each route file: its path from its folders ([tradeId] → {tradeId}) and what serves it. */
function routesOnDisk() {
  return routeFiles(path.join(ROOT, API_DIR)).flatMap((file) => {
    const folders = path.relative(path.join(ROOT, API_DIR), path.dirname(file)).split(path.sep);
    const template = ["/console/api", ...folders.map((f) => f.replace(/^\[(\w+)\]$/, "{$1}"))].join("/");
    const source = readFileSync(file, "utf8");
    return [...source.matchAll(/export (?:const|async function) (GET|POST|PUT|PATCH|DELETE)\b( = (\w+)\((\w+))?/g)].map(
      (m) => ({
        file: path.relative(ROOT, file),
        key: `${m[1]} ${template}`,
        wrapper: m[3],
        operation: m[4],
      }),
    );
  });
}

const declared = Object.entries(CONSOLE_OPERATIONS).map(([name, op]) => ({ name, key: `${op.method} ${op.path}` }));

describe("console operations", () => {
  it("match the route files on disk one to one", () => {
    const onDisk = routesOnDisk()
      .map((r) => r.key)
      .sort();
    expect(onDisk.length).toBeGreaterThan(30);
    expect(declared.map((d) => d.key).sort()).toEqual(onDisk);
  });

  it("each name one endpoint", () => {
    const keys = declared.map((d) => d.key);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it("are what each route serves: consoleRoute (or consoleTokenRoute) of the operation with its method and path", () => {
    for (const route of routesOnDisk()) {
      expect(["consoleRoute", "consoleTokenRoute"], `${route.file}: serve it with consoleRoute`).toContain(
        route.wrapper,
      );
      const served = declared.find((d) => d.name === route.operation);
      expect(served?.key, `${route.file} serves ${route.operation}`).toBe(route.key);
    }
  });
});

describe("consolePath", () => {
  it("fills each parameter, percent-encoded", () => {
    expect(consolePath(tradeList)).toBe("/console/api/trades");
    expect(consolePath(tradeSettle, { tradeId: "t 1/2" })).toBe("/console/api/trades/t%201%2F2/settle");
    expect(consolePath(businessUserEdit, { businessId: "12345678", businessLocationId: "a@b" })).toBe(
      "/console/api/business-users/12345678/a%40b/edit",
    );
  });
});

// sdk/ is a package of its own: its sources import each other and its two runtime dependencies
// only (never the app), and it compiles on its own build config, which is what `npm pack` ships.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const pkg = JSON.parse(readFileSync("sdk/package.json", "utf8"));

describe("the SDK package", () => {
  it("imports nothing but its own files and its declared dependencies", () => {
    const allowed = new Set(Object.keys(pkg.dependencies));
    expect([...allowed].sort()).toEqual(["openapi-fetch", "standardwebhooks"]);
    for (const file of readdirSync("sdk/src")) {
      const source = readFileSync(`sdk/src/${file}`, "utf8");
      for (const [, specifier] of source.matchAll(/from "([^"]+)"/g)) {
        if (specifier!.startsWith("./")) continue;
        expect(allowed.has(specifier!), `${file} imports ${specifier}`).toBe(true);
      }
    }
  });

  it("compiles with its own build config", () => {
    const result = spawnSync(
      process.execPath,
      ["node_modules/typescript/bin/tsc", "-p", "sdk/tsconfig.build.json", "--noEmit"],
      { encoding: "utf8" },
    );
    expect(result.stdout + result.stderr).toBe("");
    expect(result.status).toBe(0);
  }, 60_000);
});

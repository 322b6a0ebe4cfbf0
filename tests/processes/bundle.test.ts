// A deployment copies one folder (`npm run bundle`, docs/operations.md) and runs it: the server
// started from a bundle outside the repository, on PostgreSQL, is ready, serves the API (route
// handlers loaded from the bundle's sources), pages and the API reference, and drains on SIGTERM.
import { spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { exited, killServer, startServer, stopServer } from "../../scripts/bench/server.ts";
import { freshTenant } from "../helpers/tenants.ts";
import { SERVER_ENV } from "./helpers/quiet.ts";

const PORT = Number(process.env.BUNDLE_PORT ?? 3243);
const work = mkdtempSync(path.join(tmpdir(), "escrow-bundle-"));
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) await stopServer(child);
  rmSync(work, { recursive: true, force: true });
});

describe("the deployment bundle", () => {
  it("runs from a copied folder: ready, serving the API and the pages, draining on SIGTERM", async () => {
    const out = path.join(work, "escrow");
    const bundled = spawnSync(process.execPath, ["--import", "tsx", "scripts/bundle.ts", "--out", out], {
      encoding: "utf8",
    });
    expect(bundled.status, bundled.stderr).toBe(0);
    // Production dependencies only: no test runner, no build-time compiler.
    expect(existsSync(path.join(out, "node_modules/next"))).toBe(true);
    expect(existsSync(path.join(out, "node_modules/vitest"))).toBe(false);
    expect(existsSync(path.join(out, ".next/cache"))).toBe(false);

    const tenant = await freshTenant();
    const server = await startServer(
      "bundle",
      PORT,
      [process.execPath, ["--import", "tsx", "scripts/run.ts", "start"]],
      { cwd: out, env: SERVER_ENV },
    );
    children.push(server);
    const base = `http://127.0.0.1:${PORT}`;
    expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ status: "ready" });
    const auth = { authorization: `Bearer ${tenant.testApiKey}`, "content-type": "application/json" };
    expect(
      (
        await fetch(`${base}/api/v1/sandbox/users/bundle-user/connect`, {
          method: "POST",
          headers: auth,
          body: JSON.stringify({ kycLevel: 1 }),
        })
      ).status,
    ).toBe(200);
    expect(await (await fetch(`${base}/api/v1/marketplace/users/bundle-user`, { headers: auth })).json()).toMatchObject(
      { name: "Sandbox User bundle-user", kycLevel: 1 },
    );
    expect((await fetch(`${base}/docs`)).status).toBe(200);
    expect((await fetch(`${base}/console/sign-in`)).status).toBe(200);

    killServer(server, "SIGTERM");
    await exited(server);
    expect(server.exitCode).toBe(0);
  });
});

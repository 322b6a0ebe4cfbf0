// README.md's curl examples run as a newcomer runs them (issue 33): its code blocks, taken from the
// README itself so that it cannot drift from what works, in bash after the export lines the
// `npm run dev` banner prints, against the production server on a port that is not the default.
// Every call must answer 2xx, the trade must end paid out, and the hosted pages' return addresses
// must lead back to this server's front page (they named localhost:3000 before).
import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceCommand, startServer, stopServer } from "../../scripts/bench/server.ts";
import { shellExports } from "../../scripts/shell-exports.ts";
import { db, freshTenant } from "../helpers/tenants.ts";
import { SERVER_ENV } from "./helpers/quiet.ts";

const PORT = Number(process.env.README_JOURNEY_PORT ?? 3291);
const origin = `http://127.0.0.1:${PORT}`;
let server: ChildProcess;
beforeAll(async () => {
  server = await startServer("readme", PORT, serviceCommand(PORT), { env: SERVER_ENV });
});
afterAll(async () => {
  await stopServer(server);
});

/** The bash blocks of a README section that call the API. */
function curlBlocks(readme: string, heading: string): string[] {
  const section = readme.split(`\n## ${heading}\n`)[1]?.split("\n## ")[0] ?? "";
  return [...section.matchAll(/```bash\n([\s\S]*?)```/g)].map((m) => m[1]!).filter((block) => block.includes("curl"));
}

/** Runs a bash script; each curl call also reports its status and address on stderr. */
function bash(script: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const reporting = `curl() { command curl -w '%{stderr}HTTP %{http_code} %{method} %{url_effective}\\n' "$@"; }\n`;
  return new Promise((resolve) => {
    const child = spawn("bash", ["-c", `set -euo pipefail\n${reporting}${script}`], { stdio: "pipe" });
    let [stdout, stderr] = ["", ""];
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("README.md's examples on a port other than 3000", () => {
  it("run as written after the banner's export lines: every call answers 2xx and the trade is paid out", async () => {
    const readme = readFileSync("README.md", "utf8");
    const blocks = [...curlBlocks(readme, "Quick start"), ...curlBlocks(readme, "A trade in the sandbox")];
    expect(blocks.length).toBe(3); // try the API, subscribe, the journey
    expect(readme).not.toMatch(/localhost:3000\/\?/); // no return address names a port

    const tenant = await freshTenant();
    const exports = shellExports(origin, tenant.testApiKey).join("\n");
    const run = await bash(`${exports}\n${blocks.join("\n")}\nprintf "\\nTRADE=%s\\n" "$TRADE"\n`);
    expect(run.code, run.stderr).toBe(0);
    const calls = run.stderr.split("\n").filter((line) => line.startsWith("HTTP "));
    expect(calls.length).toBe(blocks.join("\n").match(/\bcurl -s/g)!.length); // each one ran
    for (const call of calls) {
      expect(call, run.stdout).toMatch(/^HTTP 2\d\d /);
      expect(call).toContain(`${origin}/api/v1/`);
    }
    // The connect example's hosted page is on this server.
    expect(run.stdout).toContain(`${origin}/connect/`);

    // The journey ended paid out: the seller's 1,140.00 with its bank reference, the trade Released.
    const tradeId = /^TRADE=(.+)$/m.exec(run.stdout)?.[1];
    expect(tradeId).toMatch(/^[0-9a-f-]{36}$/);
    const headers = { Authorization: `Bearer ${tenant.testApiKey}` };
    const trade = await (
      await fetch(`${origin}/api/v1/marketplace/users/seller/trades/${tradeId}`, { headers })
    ).json();
    expect(trade.state).toBe("Released");
    const payouts = await (await fetch(`${origin}/api/v1/marketplace/payouts?tradeId=${tradeId}`, { headers })).json();
    expect(payouts.payouts).toEqual([
      expect.objectContaining({ amount: 1140, state: "Paid", reference: expect.any(String) }),
    ]);

    // The hosted pages' return addresses lead back here, to a front page that says how the browser
    // came back and links the console and the API reference.
    const sessions = await db.hostedSession.findMany({ where: { tenantId: tenant.tenantId } });
    expect(sessions.length).toBe(2); // bob's connect, the bike's checkout
    for (const session of sessions) {
      expect(session.successUrl).toBe(`${origin}/?ok`);
      expect(session.cancelUrl).toBe(`${origin}/?cancel`);
    }
    const back = await fetch(`${origin}/?cancel&reason=cancelled`);
    expect(back.status).toBe(200);
    const page = await back.text();
    expect(page).toContain("cancelUrl (reason: cancelled)");
    expect(page).toContain('href="/console"');
    expect(page).toContain('href="/docs"');
    expect(await (await fetch(`${origin}/?ok`)).text()).toContain("successUrl: it finished");
  }, 90_000);
});

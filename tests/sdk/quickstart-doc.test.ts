// docs/sdk.md's quick start as a newcomer follows it (issue 33: its first script failed in a fresh
// folder with "Cannot use import statement outside a module"): the doc's own code blocks, run
// verbatim in a temporary folder outside the repository — the package built by the doc's command
// in a copy of sdk/, a fresh project made by its commands, quickstart.ts saved from its block and
// run by its command — against the API over real HTTP. Only the doc's placeholder path to the
// package is filled in.
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHttpApi } from "../helpers/http-api.ts";
import { freshTenant } from "../helpers/tenants.ts";

let api: Awaited<ReturnType<typeof startHttpApi>>;
const folder = mkdtempSync(path.join(tmpdir(), "escrow-sdk-quickstart-"));

beforeAll(async () => {
  api = await startHttpApi();
}, 60_000);
afterAll(async () => {
  await api.close();
  rmSync(folder, { recursive: true, force: true });
});

/** The code blocks of the doc's "Quick start" section, in order. */
function quickStartBlocks(): { lang: string; code: string }[] {
  const doc = readFileSync("docs/sdk.md", "utf8");
  const section = doc.split("\n## Quick start\n")[1]!.split("\n## ")[0]!;
  return [...section.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1]!, code: m[2]! }));
}

/**
 * The environment of a shell outside this repository: without the npm variables of the `npm test`
 * that runs this (npm_config_local_prefix would point npm back here) and without this repository's
 * node_modules/.bin on PATH, so the fresh project uses its own tools and the machine's Node.
 */
function outsideEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (/^npm_/i.test(name)) delete env[name];
  const here = path.resolve("node_modules");
  env.PATH = (env.PATH ?? "")
    .split(path.delimiter)
    .filter((dir) => !dir.startsWith(here))
    .join(path.delimiter);
  return Object.assign(env, {
    npm_config_prefer_offline: "true",
    npm_config_fund: "false",
    npm_config_audit: "false",
    ...extra,
  });
}

function bash(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn("bash", ["-c", `set -euo pipefail\n${script}`], {
      cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.on("close", (code) => resolve({ code, output }));
  });
}

describe("docs/sdk.md's quick start", () => {
  it("runs as written in a fresh folder: build, a fresh ES module project, quickstart.ts, run", async () => {
    const [build, project, script, run] = quickStartBlocks();
    expect([build?.lang, project?.lang, script?.lang, run?.lang]).toEqual(["bash", "bash", "ts", "bash"]);
    const tenant = await freshTenant();
    const env = outsideEnv({ ESCROW_TOKEN: tenant.testApiKey, ESCROW_BASE_URL: api.origin });

    // 1. The doc's build command, in a copy of this repository's sdk/ (it writes dist/ and a .tgz).
    const repository = path.join(folder, "repository");
    cpSync("sdk", path.join(repository, "sdk"), {
      recursive: true,
      filter: (source) => !/[/\\](node_modules|dist)$/.test(source) && !source.endsWith(".tgz"),
    });
    const built = await bash(build!.code, repository, env);
    expect(built.code, built.output).toBe(0);
    const tarball = path.join(repository, "sdk", "escrow-sdk-0.1.0.tgz");

    // 2. The fresh project, with the doc's placeholder path to the package filled in.
    expect(project!.code).toContain("/path/to/escrow-sdk-0.1.0.tgz");
    const made = await bash(project!.code.replace("/path/to/escrow-sdk-0.1.0.tgz", tarball), folder, env);
    expect(made.code, made.output).toBe(0);
    const app = path.join(folder, "my-marketplace");
    expect(JSON.parse(readFileSync(path.join(app, "package.json"), "utf8")).type).toBe("module");

    // 3 and 4. quickstart.ts as the doc shows it, run by the doc's command.
    writeFileSync(path.join(app, "quickstart.ts"), script!.code);
    const ran = await bash(run!.code, app, env);
    expect(ran.code, ran.output).toBe(0);
    expect(ran.output).toMatch(/alice is [0-9a-f-]{36} at the service; bob connects at https?:\/\/\S+\/connect\//);
    expect(ran.output).toMatch(/verify with whsec_/);
    expect(ran.output).toMatch(/trade [0-9a-f-]{36}: Succeeded, payout 1140 Paid \(\S+\)/);
  }, 240_000);
});

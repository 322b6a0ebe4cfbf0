// `npm run cli -- <command> --help` prints that command's own usage (issue 33: `listen --help`
// printed the whole CLI's); no command, or an unknown one, prints every command's.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

function cli(...args: string[]) {
  return spawnSync(process.execPath, ["--import", "tsx", "scripts/cli.ts", ...args], {
    encoding: "utf8",
    timeout: 30_000,
    env: { ...process.env, DATABASE_URL: "postgresql://nobody@127.0.0.1:1/none" }, // help opens nothing
  });
}

describe("npm run cli -- … --help", () => {
  it("listen --help prints listen's usage only", () => {
    const result = cli("listen", "--help");
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Usage: npm run cli -- listen \[options\]/);
    expect(result.stdout).toContain("--forward-to <url>");
    expect(result.stdout).not.toContain("tenant create");
  }, 40_000);

  it("a command group's --help lists that group's commands, no command lists all", () => {
    const tenant = cli("tenant", "-h");
    expect(tenant.stdout).toMatch(/^Usage: npm run cli -- tenant <create\|update\|list> \[options\]/);
    expect(tenant.stdout).not.toContain("listen");
    const update = cli("tenant", "update", "--help");
    expect(update.stdout).toContain("--brand-name <name>");
    expect(update.stdout).not.toContain("tenant create");
    const all = cli("--help");
    for (const command of ["tenant create", "staff add", "token revoke", "listen"])
      expect(all.stdout).toContain(command);
  }, 60_000);
});

// Every npm script answers --help (issue 18): the project's own scripts print their usage and exit
// 0 without opening a database or starting anything; the tools' own commands (tsc, eslint, vitest,
// playwright, prettier, next) have their own --help.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const scripts = JSON.parse(readFileSync("package.json", "utf8")).scripts as Record<string, string>;
const TOOLS = /^(tsc|eslint|vitest|playwright|prettier)\b/;

describe("npm scripts", () => {
  const own = Object.entries(scripts).filter(([, command]) => !TOOLS.test(command));
  it("are the project's own or a tool's", () => {
    expect(own.length).toBeGreaterThan(15);
    for (const [name, command] of Object.entries(scripts))
      expect(command, name).toMatch(/^(tsx scripts\/|node scripts\/|tsc|eslint|vitest|playwright|prettier)/);
  });

  it.each(own)(
    "%s answers --help with its usage and exit 0",
    (name, command) => {
      // The script file the command runs (for `build`, its first step's).
      const file = /scripts\/[\w/.-]+\.(?:ts|mjs)/.exec(command)![0];
      const result = spawnSync(
        process.execPath,
        [
          "--import",
          "tsx",
          file,
          ...(command.split(file)[1]?.split("&&")[0]?.trim().split(/\s+/).filter(Boolean) ?? []),
          "--help",
        ],
        {
          encoding: "utf8",
          timeout: 30_000,
          env: { ...process.env, DATABASE_URL: "postgresql://nobody@127.0.0.1:1/none" }, // nothing may connect
        },
      );
      expect(result.status, `${name}: ${result.stderr}`).toBe(0);
      expect(result.stdout, name).toMatch(/Usage: npm|^npm run /m);
    },
    40_000,
  );
});

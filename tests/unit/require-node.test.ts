// The project's Node: `npm install` brings it (the devDependency `node`, whose install script is
// the one allowed), npm scripts run on it, and every entry point refuses an older Node first thing
// (scripts/require-node.ts), so a command started outside npm on the machine's own Node says what to
// do instead of running.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { nodeVersionProblem } from "../../scripts/require-node.ts";

const pkg = JSON.parse(readFileSync("package.json", "utf8"));

describe("the Node version check", () => {
  it("passes the required version and newer ones, and refuses older ones with what to run instead", () => {
    for (const version of ["24.11.0", "24.21.0", "v25.0.1", "26.1.0"])
      expect(nodeVersionProblem(version, ">=24.11"), version).toBeNull();
    for (const version of ["20.20.2", "22.23.3", "24.10.9", "v18.0.0"]) {
      const problem = nodeVersionProblem(version, ">=24.11");
      expect(problem, version).toContain(`this is Node ${version}`);
      expect(problem).toContain("npm run dev");
      expect(problem).toContain("source scripts/node-from-npm.sh");
    }
  });

  it("runs first in every npm script's own entry file", () => {
    const scripts = Object.values(pkg.scripts as Record<string, string>);
    const files = new Set(scripts.flatMap((command) => command.match(/scripts\/[\w/.-]+\.ts/g) ?? []));
    expect(files.size).toBeGreaterThan(10);
    for (const file of files) {
      const firstImport = readFileSync(file, "utf8").match(/^import\b.*$/m)?.[0];
      expect(firstImport, file).toMatch(/^import "(\.\.?\/)+(scripts\/)?require-node\.ts";$/);
    }
  });
});

describe("the project's Node", () => {
  it("is the version engines asks for, brought by npm install with its install script allowed, and the same as the shell helper's", () => {
    const version = pkg.devDependencies.node as string;
    expect(nodeVersionProblem(version, pkg.engines.node)).toBeNull();
    // Its preinstall links the platform's binary: the one dependency install script that must run.
    expect(pkg.allowScripts.node).toBe(true);
    expect(Object.entries(pkg.allowScripts).filter(([, allowed]) => allowed)).toEqual([["node", true]]);
    const helper = readFileSync("scripts/node-from-npm.sh", "utf8");
    expect(helper).toContain(`ESCROW_NODE_VERSION:-${version}}`);
  });
});

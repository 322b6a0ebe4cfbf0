// Every entry point of the project imports this first. The project runs on the Node.js of
// package.json's `engines`, which `npm install` puts in node_modules (the registry's `node`
// package): npm scripts and npx find it first on PATH, whatever the machine's own Node is. A command
// started outside npm on an older Node (`node --import tsx scripts/cli.ts`, `node_modules/.bin/tsx …`
// in a shell whose `node` is the machine's 20) stops here and says what to run instead, rather than
// half-working or failing later on something that names neither.
import { readFileSync } from "node:fs";

/** What is wrong with running on `version` under `engines` (">=24.11"), or null when nothing is. */
export function nodeVersionProblem(version: string, engines: string): string | null {
  const required = /^>=\s*(\d+)(?:\.(\d+))?/.exec(engines.trim());
  if (!required) return null;
  const [major = 0, minor = 0] = version.replace(/^v/, "").split(".").map(Number);
  const [needMajor, needMinor] = [Number(required[1]), Number(required[2] ?? 0)];
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return null;
  return [
    `This project needs Node.js ${engines} (package.json "engines"); this is Node ${version}.`,
    "Run it through npm, which puts the project's own Node first on PATH (node_modules/.bin/node, from",
    "`npm install`): npm run dev, npm start, npm test, npm run cli -- …, or npx tsx <file>.",
    "Or put that Node first in this shell: source scripts/node-from-npm.sh (or nvm use).",
  ].join("\n");
}

const engines = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).engines?.node ?? "";
const problem = nodeVersionProblem(process.versions.node, engines);
if (problem) {
  console.error(problem);
  process.exit(1);
}

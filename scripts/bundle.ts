// npm run bundle [-- --out dist/escrow]
// One folder that a deployment copies and runs (`node --import tsx scripts/run.ts start`, or the
// systemd units in ops/systemd with WorkingDirectory at it): the build (`.next` without its cache),
// the sources the production server loads at run time, the migrations, ops/, and node_modules with
// the production dependencies only. Needs `npm run build` first.
//
// Why not Next's `output: "standalone"`: its file trace follows what Next's own server imports.
// Our server (scripts/serve.ts) also calls the v1 route handlers from their sources through tsx
// (lib/http/api-router.ts), and runs migrations, the worker and the CLI, none of which Next sees;
// a standalone folder starts and then fails on the first API call. The production dependency tree
// (`npm ls --omit=dev`) is exact by construction, without a second build.
import "./require-node.ts";
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { benchOptions } from "./bench/cli-options.ts";

const USAGE = "Usage: npm run bundle [-- --out <folder>]   (default dist/escrow; run `npm run build` first)";
const values = benchOptions(USAGE, { out: { type: "string" } });
const out = path.resolve(values.out ?? "dist/escrow");

if (!existsSync(".next/BUILD_ID")) {
  console.error(`No production build: run \`npm run build\` first.\n\n${USAGE}`);
  process.exit(2);
}

// What the running service reads from disk: the build, the route handlers and pages' sources
// (tsx loads the API's route files), the Prisma client, the migrations, the launcher and CLI scripts.
const SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "scripts",
  "prisma",
  "ops",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  "next.config.js",
  "proxy.ts",
  "instrumentation.ts",
];
// Build-time only: the compiler binaries (`next build` needs them, `next start` does not).
const BUILD_ONLY = /node_modules\/@next\/swc-|node_modules\/@tailwindcss\/oxide-/;

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
cpSync(".next", path.join(out, ".next"), {
  recursive: true,
  filter: (source) => !source.startsWith(path.join(".next", "cache")),
});
for (const entry of SOURCES) if (existsSync(entry)) cpSync(entry, path.join(out, entry), { recursive: true });

const root = process.cwd();
const packages = execFileSync("npm", ["ls", "--omit=dev", "--parseable", "--all"], {
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
})
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line.startsWith(path.join(root, "node_modules")) && !BUILD_ONLY.test(line));
for (const dir of packages) {
  const target = path.join(out, path.relative(root, dir));
  if (!existsSync(target)) cpSync(dir, target, { recursive: true, dereference: true });
}
writeFileSync(
  path.join(out, "BUNDLE.txt"),
  `Built ${new Date().toISOString()} from ` +
    `${execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8" }).trim()}\nStart: node ` +
    `--import tsx scripts/run.ts start (docs/operations.md)\n`,
);

const megabytes = Math.round(Number(execFileSync("du", ["-sk", out], { encoding: "utf8" }).split("\t")[0]) / 1024);
console.log(
  `Bundled ${packages.length} production packages and the build into ${path.relative(root, out) || out} (${megabytes} MB).`,
);
console.log(
  `Run it: cd ${path.relative(root, out) || out} && DATABASE_URL=… DATA_ENCRYPTION_KEYS=… NEXTAUTH_SECRET=… node --import tsx scripts/run.ts start`,
);

// Starts a second server of the same build (the live one of playwright.config.ts) once the first
// server answers: Playwright starts its web servers side by side, and only the first one builds.
// Usage: node e2e/support/start-after-build.mjs <url of the first server>
import { spawn } from "node:child_process";

const firstServer = process.argv[2];
const deadline = Date.now() + 10 * 60 * 1000;
for (;;) {
  const up = await fetch(firstServer).then(
    (response) => response.ok,
    () => false,
  );
  if (up) break;
  if (Date.now() > deadline) throw new Error(`${firstServer} did not answer within ten minutes`);
  await new Promise((resolve) => setTimeout(resolve, 1000));
}
const server = spawn("npm", ["start"], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));

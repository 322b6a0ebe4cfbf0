// Starts a second server of the same build (the live one of playwright.config.ts) once the first
// server answers: Playwright starts its web servers side by side, and only the first one builds.
// With --fresh-database, the database that DATABASE_URL names is dropped and made anew first (on
// the same PostgreSQL server), so that each run starts as a new deployment does; `npm start` then
// applies the migrations.
// Usage: node e2e/support/start-after-build.mjs <url of the first server> [--fresh-database]
import { spawn } from "node:child_process";
import pg from "pg";

const [firstServer, option] = process.argv.slice(2);
if (option === "--fresh-database") await recreateDatabase(process.env.DATABASE_URL);

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

/** Drops and creates the database of `databaseUrl`, connected to the server's `postgres` database. */
async function recreateDatabase(databaseUrl) {
  if (!databaseUrl) throw new Error("--fresh-database needs DATABASE_URL");
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Not a database name this script makes: ${name}`);
  url.pathname = "/postgres";
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

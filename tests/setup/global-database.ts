// Opens the database the tests run on, once per run:
// - TEST_DATABASE_URL set: a fresh database on that PostgreSQL server, dropped afterwards;
// - otherwise: an in-memory embedded PostgreSQL (PGlite) served on a loopback port.
// Either way migrations are applied through the same code as `npm run db:migrate`.
// It also makes the run's data key (lib/crypto/data-keys.ts): every test file, and every server a
// test starts, must seal and open secrets in the one database with the same key.
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openEmbeddedDatabase } from "../../lib/db/embedded.ts";
import { applyMigrations } from "../../lib/db/migrations.ts";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    databaseKind: "postgresql" | "embedded";
    dataEncryptionKeys: string;
  }
}

export default async function setup(project: TestProject) {
  project.provide(
    "dataEncryptionKeys",
    process.env.DATA_ENCRYPTION_KEYS || `test-${Date.now().toString(36)}:${randomBytes(32).toString("base64url")}`,
  );
  const server = process.env.TEST_DATABASE_URL;
  if (server) {
    const name = `escrow_test_${Date.now().toString(36)}_${process.pid}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(server);
    url.pathname = `/${name}`;
    await applyMigrations(url.toString());
    project.provide("databaseUrl", url.toString());
    project.provide("databaseKind", "postgresql");
    return async () => {
      const cleanup = new pg.Client({ connectionString: server });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    };
  }
  const embedded = await openEmbeddedDatabase("memory://");
  await applyMigrations(embedded.url);
  project.provide("databaseUrl", embedded.url);
  project.provide("databaseKind", "embedded");
  return () => embedded.stop();
}

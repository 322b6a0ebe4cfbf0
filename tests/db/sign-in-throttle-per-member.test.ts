// The migration that keeps console sign-in throttles per login instead of per e-mail address
// carries each address's throttle over to every login of it that can sign in (each tenant's
// member gets its own row, named by tenant and member), and keeps it on the address when the
// address has none. Run on a database holding the rows as they were before.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { describe, expect, it } from "vitest";

const MIGRATIONS = path.resolve("prisma/migrations");
const PER_MEMBER = readdirSync(MIGRATIONS).find((name) => name.endsWith("_sign_in_throttle_per_member"))!;

async function databaseBefore(): Promise<PGlite> {
  const pg = await PGlite.create({ extensions: { pg_trgm } });
  for (const name of readdirSync(MIGRATIONS)
    .filter((n) => /^\d+_/.test(n))
    .sort()) {
    if (name >= PER_MEMBER) break;
    await pg.exec(readFileSync(path.join(MIGRATIONS, name, "migration.sql"), "utf8"));
  }
  return pg;
}

// Replays every migration on a fresh embedded database first: room for a busy machine.
describe("the per-member sign-in throttle migration", { timeout: 120_000 }, () => {
  it("gives each login of a throttled address its own throttle, and keeps addresses without a login", async () => {
    const pg = await databaseBefore();
    await pg.exec(`
      INSERT INTO "Tenant" ("id", "name", "updatedAt") VALUES ('c', 'C', now()), ('d', 'D', now());
      INSERT INTO "StaffUser" ("id", "tenantId", "email", "name", "passwordHash", "inviteTokenHash", "disabledAt")
        VALUES ('c-admin', 'c', 'shared@example.com', 'C admin', 'x', NULL, NULL),
               ('d-member', 'd', 'shared@example.com', 'D member', 'x', NULL, NULL),
               ('d-invited', 'd', 'invited@example.com', 'Invited', 'x', 'hash', NULL),
               ('d-disabled', 'd', 'gone@example.com', 'Gone', 'x', NULL, now());
      INSERT INTO "ConsoleSignInThrottle" ("email", "failures", "lastFailureAt", "expiresAt")
        VALUES ('shared@example.com', 7, '2026-11-28 10:00:00', '2026-11-28 10:15:00'),
               ('invited@example.com', 5, '2026-11-28 10:00:00', '2026-11-28 10:15:00'),
               ('gone@example.com', 6, '2026-11-28 10:00:00', '2026-11-28 10:15:00'),
               ('nobody@example.com', 9, '2026-11-28 10:00:00', '2026-11-28 10:15:00');
    `);
    await pg.exec(readFileSync(path.join(MIGRATIONS, PER_MEMBER, "migration.sql"), "utf8"));

    const rows = await pg.query(
      `SELECT "key", "tenantId", "staffId", "failures" FROM "ConsoleSignInThrottle" ORDER BY "key"`,
    );
    expect(rows.rows).toEqual([
      { key: "address:gone@example.com", tenantId: null, staffId: null, failures: 6 },
      { key: "address:invited@example.com", tenantId: null, staffId: null, failures: 5 },
      { key: "address:nobody@example.com", tenantId: null, staffId: null, failures: 9 },
      { key: "tenant:c:staff:c-admin", tenantId: "c", staffId: "c-admin", failures: 7 },
      { key: "tenant:d:staff:d-member", tenantId: "d", staffId: "d-member", failures: 7 },
    ]);
  });
});

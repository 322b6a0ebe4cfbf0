// The migration that makes service accounts per tenant splits the accounts that were shared: the
// tenant that connected the person first keeps the account and its payout accounts, every other
// tenant gets a copy of the person without any account number, and sandbox subjects lose the
// tenant prefix they used to carry. Run on a database holding the data as it was before.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { describe, expect, it } from "vitest";

const MIGRATIONS = path.resolve("prisma/migrations");
const SPLIT = "20261125022255_per_tenant_service_accounts";

async function databaseBefore(): Promise<PGlite> {
  const pg = await PGlite.create({ extensions: { pg_trgm } });
  for (const name of readdirSync(MIGRATIONS)
    .filter((n) => /^\d+_/.test(n))
    .sort()) {
    if (name >= SPLIT) break;
    await pg.exec(readFileSync(path.join(MIGRATIONS, name, "migration.sql"), "utf8"));
  }
  return pg;
}

describe("the per-tenant service account migration", () => {
  it("gives each tenant its own copy of a shared person, leaving the payout account with the first tenant", async () => {
    const pg = await databaseBefore();
    await pg.exec(`
      INSERT INTO "Tenant" ("id", "name", "updatedAt") VALUES ('victim', 'V', now()), ('attacker', 'X', now());
      INSERT INTO "ServiceAccount" ("id", "mode", "identitySubject", "name", "kycLevel", "bankName", "bankAccountNumber", "bankAccountName", "updatedAt")
        VALUES ('shared', 'live', 'sim-eid-plain', 'Mette Hansen', 1, 'DK bank', 'DK5000400440116243', 'Mette Hansen', now()),
               ('sandbox', 'test', 'victim:sim-eid-plain', 'Mette Hansen', 1, NULL, NULL, NULL, now()),
               ('orphan', 'live', 'nobody', 'Nobody', 1, NULL, NULL, NULL, now());
      INSERT INTO "PayoutBankAccount" ("id", "serviceAccountId", "accountNumber", "kind", "holderName", "bankName", "selectedAt")
        VALUES ('pba', 'shared', 'DK5000400440116243', 'iban', 'Mette Hansen', 'DK bank', now());
      INSERT INTO "MarketplaceUser" ("id", "tenantId", "mode", "marketplaceUserId", "serviceAccountId", "kycLevel", "connectedAt", "updatedAt")
        VALUES ('mu-v', 'victim', 'live', 'seller', 'shared', 1, now() - interval '1 day', now()),
               ('mu-x', 'attacker', 'live', 'me', 'shared', 1, now(), now()),
               ('mu-x2', 'attacker', 'live', 'me-again', 'shared', 1, now(), now()),
               ('mu-t', 'victim', 'test', 'seller', 'sandbox', 1, now(), now());
    `);
    await pg.exec(readFileSync(path.join(MIGRATIONS, SPLIT, "migration.sql"), "utf8"));

    const users = await pg.query<{
      id: string;
      tenantId: string;
      accountTenant: string;
      subject: string;
      bank: string | null;
      payoutAccounts: number;
    }>(`
      SELECT u."id", u."tenantId", a."tenantId" AS "accountTenant", a."identitySubject" AS subject, a."bankAccountNumber" AS bank,
        (SELECT count(*)::int FROM "PayoutBankAccount" p WHERE p."serviceAccountId" = a."id") AS "payoutAccounts"
      FROM "MarketplaceUser" u JOIN "ServiceAccount" a ON a."id" = u."serviceAccountId" ORDER BY u."id"`);
    expect(users.rows).toEqual([
      {
        id: "mu-t",
        tenantId: "victim",
        accountTenant: "victim",
        subject: "sim-eid-plain",
        bank: null,
        payoutAccounts: 0,
      },
      {
        id: "mu-v",
        tenantId: "victim",
        accountTenant: "victim",
        subject: "sim-eid-plain",
        bank: "DK5000400440116243",
        payoutAccounts: 1,
      },
      {
        id: "mu-x",
        tenantId: "attacker",
        accountTenant: "attacker",
        subject: "sim-eid-plain",
        bank: null,
        payoutAccounts: 0,
      },
      {
        id: "mu-x2",
        tenantId: "attacker",
        accountTenant: "attacker",
        subject: "sim-eid-plain",
        bank: null,
        payoutAccounts: 0,
      },
    ]);
    // Both of the attacker's users point at the one copy; the original stays the victim's.
    const accounts = await pg.query<{ id: string; tenantId: string }>(
      `SELECT "id", "tenantId" FROM "ServiceAccount" ORDER BY "tenantId", "mode"`,
    );
    expect(accounts.rows.filter((a) => a.tenantId === "attacker")).toHaveLength(1);
    expect(accounts.rows.find((a) => a.id === "shared")?.tenantId).toBe("victim");
    expect(accounts.rows.some((a) => a.id === "orphan")).toBe(false);
    await pg.close();
  });
});

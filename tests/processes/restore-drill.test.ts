// The restore drill of docs/operations.md, as an operator runs it: a logical backup of a database
// holding real money movements (pg_dump -Fc), restored into a fresh database (pg_restore), checked
// by `npm run db:verify` before anything serves from it. The restored copy holds the same rows,
// its ledger balances, and its webhook secrets open with the data keys kept outside the backup;
// a copy whose ledger was damaged is refused.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { verifyDatabase } from "../../lib/integrity/verify-database.ts";
import { buildWorld } from "../helpers/api-world.ts";
import { tenantClient } from "../helpers/tenant-client.ts";

const source = process.env.DATABASE_URL!;
const restored = new URL(source);
restored.pathname = `${restored.pathname}_restored`;
const work = mkdtempSync(path.join(tmpdir(), "escrow-restore-"));

async function admin(sql: string) {
  const server = new URL(source);
  server.pathname = "/postgres";
  const client = new pg.Client({ connectionString: server.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  await admin(`DROP DATABASE IF EXISTS "${restored.pathname.slice(1)}" WITH (FORCE)`);
  rmSync(work, { recursive: true, force: true });
});

describe("the restore drill", () => {
  it("restores a backup into a fresh database that verifies, and refuses a damaged copy", async () => {
    // Money in every shape: paid, refunded, settled by an offer, paid out (buildWorld), a webhook subscription.
    const { tenant, trades } = await buildWorld();
    const api = tenantClient(tenant.testApiKey);
    expect((await api.makeOffer("seller", trades.ConditionRejected!, { refundAmount: 100 })).status).toBe(200);
    expect((await api.acceptOffer("buyer", trades.ConditionRejected!, { refundAmount: 100 })).status).toBe(200);
    expect((await api.cancel(trades.AwaitingShipment!, "AwaitingShipment")).status).toBe(200); // a refund after payment

    const before = await verifyDatabase(source);
    expect(before.problems).toEqual([]);
    expect(before.counts.Payout).toBeGreaterThan(0);

    const dump = path.join(work, "escrow.dump");
    execFileSync("pg_dump", ["--format=custom", "--file", dump, source]);
    await admin(`CREATE DATABASE "${restored.pathname.slice(1)}"`);
    execFileSync("pg_restore", ["--no-owner", "--exit-on-error", "--dbname", restored.toString(), dump]);

    const after = await verifyDatabase(restored.toString());
    expect(after).toEqual({ ok: true, problems: [], counts: before.counts });

    // The operator's command says the same, and exits 0.
    const command = spawnSync(process.execPath, ["--import", "tsx", "scripts/db-verify.ts", restored.toString()], {
      encoding: "utf8",
      env: process.env,
    });
    expect(command.status, command.stdout + command.stderr).toBe(0);
    expect(command.stdout).toContain("✔ consistent");

    // A copy whose ledger lost a posting (a partial restore, a hand edit) is refused, and says where.
    const client = new pg.Client({ connectionString: restored.toString() });
    await client.connect();
    const { rows } = await client.query<{ id: string; transferId: string }>(
      `SELECT "id", "transferId" FROM "LedgerPosting" WHERE "account" = 'escrow' LIMIT 1`,
    );
    await client.query(`DELETE FROM "LedgerPosting" WHERE "id" = $1`, [rows[0]!.id]);
    await client.end();
    const damaged = spawnSync(process.execPath, ["--import", "tsx", "scripts/db-verify.ts", restored.toString()], {
      encoding: "utf8",
      env: process.env,
    });
    expect(damaged.status).toBe(1);
    expect(damaged.stdout).toContain(`ledger transfer ${rows[0]!.transferId} sums to`);
  });
});

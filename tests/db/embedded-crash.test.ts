// Crash of the embedded database's owner (issue 8 item 4): the process that owns the data folder
// (as scripts/run.ts does) is killed with SIGKILL while several clients write transactions through
// it, then a new owner opens the folder. Every write it acknowledged must be there, whole; a write
// in flight is there whole or not at all; queries and the migration history work as before.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "../../lib/db/client.ts";
import { applyMigrations } from "../../lib/db/migrations.ts";
import { createTenant } from "../../lib/tenants/create-tenant.ts";
import { waitFor } from "../helpers/webhook-receiver.ts";
import { seedFrom, seededRandom } from "../processes/helpers/seeded.ts";

const KILLS = 3;
const WRITERS = 4;
const root = mkdtempSync(path.join(tmpdir(), "escrow-owner-crash-"));
const dataDir = path.join(root, "pglite");
let owner: ChildProcess | null = null;

async function startOwner(): Promise<{ url: string; applied: number }> {
  owner = spawn(process.execPath, ["--import", "tsx", "tests/fixtures/embedded-owner.ts", dataDir], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: owner!.stdout! }).once("line", resolve);
    owner!.once("exit", (code) => reject(new Error(`the owner exited with ${code} before serving`)));
  });
  return JSON.parse(line);
}

async function kill(): Promise<void> {
  const dead = new Promise((resolve) => owner!.once("exit", resolve));
  owner!.kill("SIGKILL");
  await dead;
  owner = null;
}

afterAll(async () => {
  if (owner) await kill();
  rmSync(root, { recursive: true, force: true });
});

describe("SIGKILL of the embedded database's owner", () => {
  it(`keeps every acknowledged write through ${KILLS} kills during writes`, async () => {
    const random = seededRandom(seedFrom("OWNER_CRASH_SEED"));
    let { url, applied } = await startOwner();
    expect(applied).toBeGreaterThan(0);
    const setup = createDb(url, 1);
    const tenant = await createTenant(setup, { name: "Owner crash" });
    await setup.$disconnect();

    const acknowledged = new Set<string>();
    const attempted = new Set<string>();
    let sequence = 0;
    for (let kill_ = 0; kill_ < KILLS; kill_++) {
      // Each write is one transaction: a transfer and its two postings, like a ledger movement.
      const pool = new pg.Pool({ connectionString: url, max: WRITERS });
      // The owner's death ends every connection: the pending query rejects, the event is noise.
      pool.on("error", () => {});
      pool.on("connect", (client) => client.on("error", () => {}));
      let running = true;
      const writers = Array.from({ length: WRITERS }, async () => {
        while (running) {
          const id = `owner-crash-${sequence++}`;
          attempted.add(id);
          const amount = random.int(1, 1_000_000);
          const client = await pool.connect().catch(() => null);
          if (!client) return;
          try {
            await client.query("BEGIN");
            await client.query(
              `INSERT INTO "LedgerTransfer" ("id", "tenantId", "mode", "kind", "currency") VALUES ($1, $2, 'test', 'crashTest', 'DKK')`,
              [id, tenant.tenantId],
            );
            await client.query(
              `INSERT INTO "LedgerPosting" ("transferId", "tenantId", "account", "amountMinor") VALUES ($1, $2, 'escrow', $3), ($1, $2, 'payer_funding', $4)`,
              [id, tenant.tenantId, amount, -amount],
            );
            await client.query("COMMIT");
            acknowledged.add(id);
            client.release();
          } catch {
            client.release(true);
            return; // the owner is gone
          }
        }
      });
      // Writes are flowing (a few acknowledged), then a random moment among them.
      const before = acknowledged.size;
      await waitFor(() => acknowledged.size >= before + 5, 30_000, "the first writes");
      await new Promise((resolve) => setTimeout(resolve, random.int(0, 1000)));
      await kill();
      running = false;
      await Promise.all(writers);
      await pool.end().catch(() => {});

      ({ url, applied } = await startOwner());
      expect(applied).toBe(0); // the migration history survived: nothing to apply again
      const check = new pg.Client({ connectionString: url });
      await check.connect();
      try {
        const { rows } = await check.query<{ id: string; postings: number; sum: string }>(
          `SELECT t."id", count(p."id")::int AS postings, coalesce(sum(p."amountMinor"), 0)::text AS sum
           FROM "LedgerTransfer" t LEFT JOIN "LedgerPosting" p ON p."transferId" = t."id" WHERE t."kind" = 'crashTest' GROUP BY t."id"`,
        );
        const present = new Set(rows.map((r) => r.id));
        expect([...acknowledged].filter((id) => !present.has(id))).toEqual([]); // nothing acknowledged is lost
        expect(rows.filter((r) => r.postings !== 2 || r.sum !== "0")).toEqual([]); // nothing half-written
        expect(rows.filter((r) => !attempted.has(r.id))).toEqual([]);
        // The database still answers ordinary queries, indexes included.
        const { rows: tenants } = await check.query(`SELECT "name" FROM "Tenant" WHERE "id" = $1`, [tenant.tenantId]);
        expect(tenants).toEqual([{ name: "Owner crash" }]);
        const { rows: failed } = await check.query(
          `SELECT count(*)::int AS n FROM "_prisma_migrations" WHERE "finished_at" IS NULL OR "rolled_back_at" IS NOT NULL`,
        );
        expect(failed).toEqual([{ n: 0 }]);
      } finally {
        await check.end();
      }
    }
    expect(await applyMigrations(url)).toEqual([]);
    console.log(
      `Embedded owner crash: ${KILLS} SIGKILLs of the owner during writes, ${acknowledged.size} ` +
        `acknowledged transactions checked, none lost, none half-written (${attempted.size - acknowledged.size} ` +
        `in flight at a kill).`,
    );
  }, 120_000);
});

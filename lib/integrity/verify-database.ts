// Checks a database before the service is pointed at it — a restored backup, a promoted replica,
// a copy for an audit — from its rows alone: every migration this code knows is applied, every
// ledger transfer balances, no finished trade holds money in escrow, no trade has two paid escrow
// payments, payment records agree with the refunds the ledger made, payouts agree with the
// ledger's payout transfers, and the webhook signing secrets open with the configured data keys
// (a backup without its keys restores subscriptions that can never sign again).
// `npm run db:verify -- <url>` runs it; the restore drill test (tests/processes) proves it.
// It sits with the use cases, not in lib/ops: it knows their tables and opens the signing secrets
// with the webhooks' own code, and lib/ops is below all of them (eslint.config.mjs, the layers).
import pg from "pg";
import { APPLIED_MIGRATIONS_SQL } from "../db/applied-migrations.ts";
import { readMigrations } from "../db/migrations.ts";
import { openSigningSecret } from "../webhooks/signing.ts";

export interface Verification {
  ok: boolean;
  problems: string[];
  counts: Record<string, number>;
}

const FINISHED = ["Succeeded", "Released", "Cancelled", "Returned"];

export async function verifyDatabase(url: string): Promise<Verification> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const problems: string[] = [];
    const rows = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
      (await client.query<T>(text, values)).rows;

    const applied = new Set(
      (await rows<{ migration_name: string }>(APPLIED_MIGRATIONS_SQL)).map((r) => r.migration_name),
    );
    const missing = readMigrations()
      .migrationDirectories.map((m) => m.path)
      .filter((name) => !applied.has(name));
    if (missing.length) problems.push(`migrations not applied: ${missing.join(", ")}`);

    for (const r of await rows<{ transferId: string; sum: string }>(
      `SELECT "transferId", sum("amountMinor")::text AS sum FROM "LedgerPosting" GROUP BY 1 HAVING sum("amountMinor") <> 0 LIMIT 20`,
    )) {
      problems.push(`ledger transfer ${r.transferId} sums to ${r.sum}, not 0`);
    }
    for (const r of await rows<{ id: string; state: string; escrow: string }>(
      `SELECT t."id", t."state", sum(p."amountMinor")::text AS escrow FROM "Trade" t JOIN "LedgerPosting" p ON p."tradeId" = t."id" AND p."account" = 'escrow'
       WHERE t."state"::text = ANY($1) GROUP BY t."id", t."state" HAVING sum(p."amountMinor") <> 0 LIMIT 20`,
      [FINISHED],
    )) {
      problems.push(`trade ${r.id} is ${r.state} but holds ${r.escrow} in escrow`);
    }
    for (const r of await rows<{ tradeId: string; n: string }>(
      `SELECT "tradeId", count(*)::text AS n FROM "Payment" WHERE "purpose" = 'Escrow' AND "state" IN ('Paid',
        'PartiallyRefunded', 'Refunded') GROUP BY 1 HAVING count(*) > 1 LIMIT 20`,
    )) {
      problems.push(`trade ${r.tradeId} has ${r.n} paid escrow payments`);
    }
    // What the ledger gave back to payers of a trade is what its payment records say was refunded.
    for (const r of await rows<{ tradeId: string; ledger: string; records: string }>(
      `WITH ledger AS (SELECT "tradeId", sum("amountMinor") AS refunded FROM "LedgerPosting" WHERE "account" = 'payer_refund' GROUP BY 1),
            records AS (SELECT "tradeId", sum("refundedMinor") AS refunded FROM "Payment" WHERE "tradeId" IS NOT NULL GROUP BY 1)
       SELECT COALESCE(l."tradeId", r."tradeId") AS "tradeId", COALESCE(l.refunded, 0)::text AS ledger, COALESCE(r.refunded, 0)::text AS records
       FROM ledger l FULL JOIN records r ON r."tradeId" = l."tradeId" WHERE COALESCE(l.refunded, 0) <> COALESCE(r.refunded, 0) LIMIT 20`,
    )) {
      problems.push(`trade ${r.tradeId}: the ledger refunded ${r.ledger}, its payment records say ${r.records}`);
    }
    for (const r of await rows<{ tradeId: string; ledger: string; payouts: string }>(
      `WITH ledger AS (SELECT "tradeId", sum("amountMinor") AS paid FROM "LedgerPosting" WHERE "account" = 'payee_bank' GROUP BY 1),
            payouts AS (SELECT "tradeId", sum("amountMinor") AS paid FROM "Payout" WHERE "state" = 'Paid' GROUP BY 1)
       SELECT COALESCE(l."tradeId", p."tradeId") AS "tradeId", COALESCE(l.paid, 0)::text AS ledger, COALESCE(p.paid, 0)::text AS payouts
       FROM ledger l FULL JOIN payouts p ON p."tradeId" = l."tradeId" WHERE COALESCE(l.paid, 0) <> COALESCE(p.paid, 0) LIMIT 20`,
    )) {
      problems.push(`trade ${r.tradeId}: the ledger paid out ${r.ledger}, its Paid payouts say ${r.payouts}`);
    }
    for (const r of await rows<{ id: string; secret: string }>(`SELECT "id", "secret" FROM "WebhookSubscription"`)) {
      try {
        openSigningSecret(r.id, r.secret);
      } catch (error) {
        problems.push(
          `webhook subscription ${r.id}: its signing secret does not open with DATA_ENCRYPTION_KEYS (${error instanceof Error ? error.message : "unreadable"})`,
        );
      }
    }

    const counts: Record<string, number> = {};
    for (const table of [
      "Tenant",
      "Trade",
      "Payment",
      "Payout",
      "LedgerTransfer",
      "LedgerPosting",
      "OutboxEvent",
      "WebhookSubscription",
    ]) {
      counts[table] = Number((await rows<{ n: string }>(`SELECT count(*)::text AS n FROM "${table}"`))[0]!.n);
    }
    return { ok: problems.length === 0, problems, counts };
  } finally {
    await client.end();
  }
}

// An export whose client leaves stops reading the database (security finding 1 of the second
// probe, "long exports too"): over real HTTP, a client takes the first bytes of a 60-batch file
// and hangs up; the server's request ends, no further batch is read, and no error is logged.
import "../helpers/next-runtime.ts";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { BATCH_SIZE } from "../../lib/exports/row-source.ts";
import { log } from "../../lib/ops/log.ts";
import { startHttpApi } from "../helpers/http-api.ts";
import { poolActivity } from "../helpers/pool-activity.ts";
import { db, freshTenant } from "../helpers/tenants.ts";
import { waitFor } from "../helpers/webhook-receiver.ts";

let api: Awaited<ReturnType<typeof startHttpApi>>;
const activity = poolActivity();

beforeAll(async () => {
  api = await startHttpApi();
}, 60_000);

afterAll(() => api.close());

it("stops reading an export when its client hangs up", async () => {
  const tenant = await freshTenant();
  const transfers = 30 * BATCH_SIZE; // two postings each: 60 batches, about 6 MB of CSV
  await db.$executeRawUnsafe(
    `INSERT INTO "LedgerTransfer" ("id", "tenantId", "mode", "kind", "currency", "createdAt")
     SELECT $1 || '-' || lpad(g::text, 6, '0'), $1, 'test', 'escrow_funding', 'DKK',
       timestamp '2026-11-10 00:00:00' + g * interval '1 millisecond'
     FROM generate_series(1, ${transfers}) g`,
    tenant.tenantId,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO "LedgerPosting" ("transferId", "tenantId", "account", "amountMinor")
     SELECT t."id", t."tenantId", a.account, a.sign * 100
     FROM "LedgerTransfer" t CROSS JOIN (VALUES ('payer_funding', -1), ('escrow', 1)) AS a(account, sign)
     WHERE t."tenantId" = $1`,
    tenant.tenantId,
  );

  const errors = vi.spyOn(log, "error");
  const client = new AbortController();
  const before = activity.taken();
  const response = await fetch(
    `${api.origin}/api/v1/marketplace/exports/ledger-movements?from=2026-11-01T00:00:00Z&to=2026-12-01T00:00:00Z`,
    { headers: { authorization: `Bearer ${tenant.testApiKey}` }, signal: client.signal },
  );
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  expect((await reader.read()).done).toBe(false);
  client.abort();

  await waitFor(() => api.running() === 0, 5_000, "the export's request to end");
  await activity.fallsQuiet(1_000, 5_000, "for the abandoned export");
  // The batches read before the hang-up filled the socket's buffers; the rest were never read.
  expect(activity.taken() - before).toBeLessThan(60 / 2);
  // A client hanging up is not a failed export: nothing is logged as an error for it (the batch
  // being read when it went used to be handed to the closed stream, which threw).
  expect(errors.mock.calls.map(([message]) => message)).toEqual([]);
}, 60_000);

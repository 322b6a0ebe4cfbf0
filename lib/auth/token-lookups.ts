// API token lookups, coalesced: at most AUTH_LOOKUPS_IN_FLIGHT statements per process look
// tokens up at once (default 2), and the tokens asked for meanwhile go together in the next
// statement, one `tokenHash = ANY(…)` read of every one of them. Authentication comes before the
// tenant's share of the server (lib/api/tenant-fairness.ts), so without this a flood would take
// one connection per request for its lookups, fill the pool, and make every tenant wait behind it
// (security.md, second probe). With it a flood's lookups take at most that many connections, and
// one statement answers hundreds of requests.
//
// Nothing is cached: a lookup is always answered by a statement that began after it was asked,
// so a token revoked (committed) before a request arrived is refused by that request, on every
// instance, exactly as when each request read its own row. The statement reads the tenant's row
// version, and the row as of that version comes from lib/auth/tenant-versions.ts (read again when
// this process does not have that version).
import { sql } from "../db/sql.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import type { Tenant } from "../db/generated/client.ts";
import { readTenants, tenantAtVersion } from "./tenant-versions.ts";

/** The token's columns, and its tenant's row as of the lookup's statement. */
export interface TokenLookup {
  tokenHash: string;
  tokenId: string;
  tokenMode: ApiMode;
  tokenRevokedAt: Date | null;
  tokenLastUsedAt: Date | null;
  tenant: Tenant;
}

type TokenRow = Omit<TokenLookup, "tenant"> & { tenantId: string; tenantVersion: string };

interface Asked {
  resolve: (row: TokenLookup | undefined) => void;
  reject: (error: unknown) => void;
}

const DEFAULT_IN_FLIGHT = 2;
/** Distinct tokens per statement: a bound on one statement's parameter, not a limit in practice. */
const MAX_BATCH = 500;

let waiting = new Map<string, Asked[]>();
let inFlight = 0;
let statements = 0;

function inFlightLimit(): number {
  const configured = Number(process.env.AUTH_LOOKUPS_IN_FLIGHT);
  return Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_IN_FLIGHT;
}

/** The token (by its hash) and its tenant, read by a statement that starts after this call. */
export function lookUpToken(tokenHash: string): Promise<TokenLookup | undefined> {
  return new Promise((resolve, reject) => {
    const asked = waiting.get(tokenHash);
    if (asked) asked.push({ resolve, reject });
    else waiting.set(tokenHash, [{ resolve, reject }]);
    startNext();
  });
}

/** For tests and the benchmark: the lookup statements this process has sent. */
export function tokenLookupStatements(): number {
  return statements;
}

function startNext(): void {
  while (inFlight < inFlightLimit() && waiting.size) {
    let batch: Map<string, Asked[]>;
    if (waiting.size <= MAX_BATCH) {
      batch = waiting;
      waiting = new Map();
    } else {
      batch = new Map([...waiting].slice(0, MAX_BATCH));
      for (const hash of batch.keys()) waiting.delete(hash);
    }
    inFlight++;
    statements++;
    void lookUp(batch).finally(() => {
      inFlight--;
      startNext();
    });
  }
}

const TOKEN_AND_TENANT = `SELECT k."tokenHash", k."id" AS "tokenId", k."mode"::text AS "tokenMode", k."revokedAt" AS "tokenRevokedAt",
       k."lastUsedAt" AS "tokenLastUsedAt", k."tenantId", t."xmin"::text AS "tenantVersion"
FROM "ApiToken" k JOIN "Tenant" t ON t."id" = k."tenantId"`;
// The usual batch is one token, and it has a statement of its own: PostgreSQL plans `= ANY($1)`
// afresh on every call (its generic plan guesses more tokens than a custom plan sees, so the
// custom plan always looks cheaper), and that planning cost more than the lookup itself (0.19 ms
// of PostgreSQL's CPU per request, docs/performance.md, issue 37). `= $1` is planned once per
// connection and kept.
const ONE_TOKEN = `${TOKEN_AND_TENANT} WHERE k."tokenHash" = $1`;
const SOME_TOKENS = `${TOKEN_AND_TENANT} WHERE k."tokenHash" = ANY($1::text[])`;

async function lookUp(batch: Map<string, Asked[]>): Promise<void> {
  try {
    // One round trip for the tokens and their tenants (plain SQL, lib/db/sql.ts; Prisma's include
    // would make it two).
    const hashes = [...batch.keys()];
    const rows =
      hashes.length === 1 ? await sql<TokenRow>(ONE_TOKEN, hashes) : await sql<TokenRow>(SOME_TOKENS, [hashes]);
    const unknown = rows.filter((row) => !tenantAtVersion(row.tenantId, row.tenantVersion));
    const reread = unknown.length ? await readTenants([...new Set(unknown.map((row) => row.tenantId))]) : null;
    const found = new Map<string, TokenLookup>();
    for (const { tenantId, tenantVersion, ...token } of rows) {
      const tenant = tenantAtVersion(tenantId, tenantVersion) ?? reread?.get(tenantId);
      // A tenant deleted between the two statements: its tokens went with it.
      if (tenant) found.set(token.tokenHash, { ...token, tenant });
    }
    for (const [hash, askers] of batch) for (const asker of askers) asker.resolve(found.get(hash));
  } catch (error) {
    for (const askers of batch.values()) for (const asker of askers) asker.reject(error);
  }
}

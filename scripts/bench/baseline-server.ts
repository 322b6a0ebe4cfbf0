// The benchmark's baseline: the same SQL work as the service's measured operations, served by bare
// `node:http` and `pg` (no framework, no ORM, no validation library): the practical limit of this
// machine for each operation. Every request looks its token up (joined with its tenant) and writes
// the request-log row after answering, as the service does. Not an implementation of the API: the
// answers carry the rows, not the spec's records, and the journey steps make the same kinds of
// writes (lock, conditional update, timeline, outbox, payment, label, ledger) without the rules.
//   DATABASE_URL=… PORT=3401 tsx scripts/bench/baseline-server.ts
import { createHash, randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import pg from "pg";
import { labelPurchase, parcelRouteReads } from "./baseline-label.ts";
import { railNewsAfter, railNewsBefore, recordTry } from "./baseline-rail.ts";
import { baselineReads } from "./baseline-reads.ts";

// DATABASE_PREPARED_STATEMENTS=on: every statement prepared by name once per connection, as the
// service's driver does with the same setting (lib/db/sql.ts), so the two plan equally often.
const prepared = new WeakSet<object>();
const names = new Map<string, string>(); // one name per text on every connection
function preparing<T extends pg.Pool | pg.PoolClient>(target: T): T {
  if (process.env.DATABASE_PREPARED_STATEMENTS !== "on" || prepared.has(target)) return target;
  prepared.add(target); // a pooled client comes back from connect() again: wrap it once
  const query = target.query.bind(target) as (...args: unknown[]) => Promise<pg.QueryResult>;
  (target as { query: unknown }).query = (text: unknown, values?: unknown[], ...rest: unknown[]) => {
    // The pool hands its clients named configs (and a callback): passed on as they are.
    if (typeof text !== "string" || rest.length) return query(text, values, ...rest);
    if (/^(BEGIN|COMMIT|ROLLBACK)$/.test(text)) return query(text);
    let name = names.get(text);
    if (!name) names.set(text, (name = `baseline_${names.size + 1}`));
    return query({ name, text, values });
  };
  return target;
}

const pool = preparing(
  new pg.Pool({
    connectionString: process.env.DATABASE_URL,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
  }),
);

const reads = baselineReads(pool);

const port = Number(process.env.PORT ?? 3401);

type Auth = { tenantId: string; mode: string; tokenId: string; currency: string };
type Reply = { status: number; body: unknown };

const routes: [string, RegExp, (auth: Auth, m: string[], url: URL, body: Record<string, unknown>) => Promise<Reply>][] =
  [
    ["GET", /^\/api\/v1\/marketplace\/users\/([^/]+)\/trades\/([^/]+)$/, (a, m) => reads.tradeDetails(a, m[1]!, m[2]!)],
    ["GET", /^\/api\/v1\/marketplace\/users\/([^/]+)\/trades$/, (a, m, url) => reads.trades(a, m[1]!, url)],
    ["POST", /^\/api\/v1\/marketplace\/trades\/initiate$/, (a, _m, _u, b) => initiate(a, b)],
    [
      "POST",
      /^\/api\/v1\/marketplace\/users\/([^/]+)\/trades\/([^/]+)\/invitation\/accept-and-pay$/,
      (a, m) => acceptAndPay(a, m[1]!, m[2]!),
    ],
    ["POST", /^\/api\/v1\/sandbox\/payments\/([^/]+)\/complete$/, (a, m) => completePayment(a, m[1]!)],
    [
      "POST",
      /^\/api\/v1\/marketplace\/users\/([^/]+)\/trades\/([^/]+)\/shipments\/delivery$/,
      (a, m) => buyLabel(a, m[1]!, m[2]!),
    ],
    [
      "POST",
      /^\/api\/v1\/sandbox\/shipments\/([^/]+)\/events$/,
      (a, m, _u, b) => trackingEvent(a, m[1]!, String(b.event)),
    ],
    [
      "POST",
      /^\/api\/v1\/marketplace\/users\/([^/]+)\/trades\/([^/]+)\/condition\/accept$/,
      (a, m) => acceptCondition(a, m[1]!, m[2]!),
    ],
  ];

http
  .createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      const started = performance.now();
      void serve(request, Buffer.concat(chunks).toString("utf8")).then(({ reply, auth }) => {
        const text = JSON.stringify(reply.body);
        response.writeHead(reply.status, {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(text),
        });
        response.end(text);
        if (auth) {
          pool
            .query(
              `INSERT INTO "ApiRequestLog" ("tenantId", "mode", "tokenId", "method", "path", "status", "durationMs",
                "correlationId") VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
              [
                auth.tenantId,
                auth.mode,
                auth.tokenId,
                request.method,
                request.url!.split("?")[0],
                reply.status,
                Math.round(performance.now() - started),
                randomUUID(),
              ],
            )
            .catch(() => {});
        }
      });
    });
  })
  .listen(port, "127.0.0.1", () => console.log(`baseline listening on ${port}`));

async function serve(request: http.IncomingMessage, text: string): Promise<{ reply: Reply; auth?: Auth }> {
  try {
    const url = new URL(request.url!, "http://localhost");
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (!token) return { reply: { status: 401, body: { typeCode: "unauthorized" } } };
    const { rows } = await pool.query(
      `SELECT k."id", k."mode", k."tenantId", k."revokedAt", t."currency" FROM "ApiToken" k JOIN "Tenant" t ON t."id" = k."tenantId" WHERE k."tokenHash" = $1`,
      [createHash("sha256").update(token).digest("hex")],
    );
    if (!rows[0] || rows[0].revokedAt) return { reply: { status: 401, body: { typeCode: "unauthorized" } } };
    const auth: Auth = {
      tenantId: rows[0].tenantId,
      mode: rows[0].mode,
      tokenId: rows[0].id,
      currency: rows[0].currency,
    };
    for (const [method, pattern, handler] of routes) {
      const match = method === request.method ? pattern.exec(url.pathname) : null;
      if (match)
        return { reply: await handler(auth, match.map(decodeURIComponent), url, text ? JSON.parse(text) : {}), auth };
    }
    return { reply: { status: 404, body: { typeCode: "not-found" } }, auth };
  } catch (error) {
    console.error(error);
    return { reply: { status: 500, body: { typeCode: "internal-error" } } };
  }
}

async function transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = preparing(await pool.connect());
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

async function initiate(auth: Auth, body: Record<string, unknown>): Promise<Reply> {
  // Money in integer minor units, as the service keeps it (the body's numbers have 2 decimals).
  const amountMinor = BigInt(Math.round(Number(body.amount) * 100));
  return transaction(async (c) => {
    const payee = await c.query(
      `SELECT "id" FROM "MarketplaceUser" WHERE "tenantId" = $1 AND "mode" = $2 AND "marketplaceUserId" = $3`,
      [auth.tenantId, auth.mode, body.payeeMarketplaceUserId],
    );
    if (!payee.rows[0]) return { status: 409, body: { typeCode: "payee-not-connected" } };
    const id = randomUUID();
    const now = new Date();
    await c.query(
      `INSERT INTO "Trade" ("id", "tenantId", "mode", "title", "description", "currency", "imageUrls",
        "payerMarketplaceUserId", "payeeMarketplaceUserId", "createdBy",
         "amountMinor", "payerFeePercent", "payerFixedFeeMinor", "payeeFeePercent", "payeeFixedFeeMinor",
        "payerFeeMinor", "payeeFeeMinor", "payerTotalMinor", "payeePayoutMinor",
         "serviceRevenueMinor", "tenantRevenueMinor", "shipping", "successUrl", "cancelUrl", "state",
        "contractStartedAt", "deadlineAt", "deadlineKind", "createdAt", "updatedAt")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10, $11, 0, $12, 0, 0, 0, $10, $10, 0, 0, $13, $14,
        $15, 'Created', $16, $17, 'expire', $16, $16)`,
      [
        id,
        auth.tenantId,
        auth.mode,
        body.title,
        body.description,
        auth.currency,
        body.imageUrls ?? [],
        body.payerMarketplaceUserId,
        body.payeeMarketplaceUserId,
        amountMinor,
        String(body.payerFee),
        String(body.payeeFee),
        JSON.stringify(body.shipping ?? null),
        body.successUrl,
        body.cancelUrl,
        now,
        new Date(now.getTime() + 7 * 86_400_000),
      ],
    );
    await c.query(
      `INSERT INTO "TradeParty" ("tradeId", "role", "tenantId", "mode", "marketplaceUserId", "tradeCreatedAt") VALUES
        ($1, 'payer', $2, $3, $4, $6), ($1, 'payee', $2, $3, $5, $6)`,
      [id, auth.tenantId, auth.mode, body.payerMarketplaceUserId, body.payeeMarketplaceUserId, now],
    );
    await c.query(
      `INSERT INTO "TradeTimelineEntry" ("tradeId", "sequence", "action", "actor", "toState", "occurredAt") VALUES
        ($1, 0, 'initiate', 'tenant', 'Created', $2)`,
      [id, now],
    );
    const token = randomBytes(32).toString("base64url");
    await c.query(
      `INSERT INTO "HostedSession" ("id", "tokenHash", "tenantId", "mode", "kind", "marketplaceUserId", "tradeId",
        "successUrl", "cancelUrl", "csrfToken", "expiresAt")
       VALUES ($1, $2, $3, $4, 'Checkout', $5, $6, $7, $8, $9, $10)`,
      [
        randomUUID(),
        createHash("sha256").update(token).digest("hex"),
        auth.tenantId,
        auth.mode,
        body.payerMarketplaceUserId,
        id,
        body.successUrl,
        body.cancelUrl,
        randomBytes(24).toString("base64url"),
        new Date(now.getTime() + 3_600_000),
      ],
    );
    return { status: 200, body: { tradeId: id, redirectUrl: `http://localhost/checkout/${token}` } };
  });
}

/** A journey step: lock the trade, move it if it is in `from`, timeline entry and outbox event. */
async function step(
  c: pg.PoolClient,
  auth: Auth,
  tradeId: string,
  user: string | null,
  from: string,
  to: string,
  event: string | null,
) {
  const locked = await c.query(
    `SELECT * FROM "Trade" WHERE "id" = $1 AND "tenantId" = $2 AND "mode" = $3 AND ($4::text IS NULL OR $4 IN
      ("payerMarketplaceUserId", "payeeMarketplaceUserId")) FOR UPDATE`,
    [tradeId, auth.tenantId, auth.mode, user],
  );
  const trade = locked.rows[0];
  if (!trade) return null;
  const moved = await c.query(
    `UPDATE "Trade" SET "state" = $2, "sequence" = "sequence" + 1, "updatedAt" = now() WHERE "id" = $1 AND "state" = $3 RETURNING *`,
    [tradeId, to, from],
  );
  if (!moved.rows[0]) return null;
  await c.query(
    `INSERT INTO "TradeTimelineEntry" ("tradeId", "sequence", "action", "actor", "fromState", "toState",
      "occurredAt") VALUES ($1, $2, $3, 'party', $4, $5, now())`,
    [tradeId, trade.sequence + 1, `${from}->${to}`, from, to],
  );
  if (event) {
    const payload = {
      id: randomUUID(),
      eventName: event,
      tradeId,
      metadata: { state: to, previousState: from, sequence: trade.sequence + 1 },
    };
    await c.query(
      `INSERT INTO "OutboxEvent" ("id", "tenantId", "mode", "eventName", "tradeId", "orderingKey", "sequence",
        "payload") VALUES ($1, $2, $3, $4, $5, $5, $6, $7)`,
      [payload.id, auth.tenantId, auth.mode, event, tradeId, trade.sequence + 1, JSON.stringify(payload)],
    );
  }
  return moved.rows[0];
}

async function ledger(c: pg.PoolClient, auth: Auth, tradeId: string, kind: string, postings: [string, bigint][]) {
  const transfer = randomUUID();
  await c.query(
    `INSERT INTO "LedgerTransfer" ("id", "tenantId", "mode", "tradeId", "kind", "currency") VALUES ($1, $2, $3, $4, $5, $6)`,
    [transfer, auth.tenantId, auth.mode, tradeId, kind, auth.currency],
  );
  for (const [account, amount] of postings) {
    await c.query(
      `INSERT INTO "LedgerPosting" ("transferId", "tenantId", "tradeId", "account", "amountMinor") VALUES ($1, $2, $3, $4, $5)`,
      [transfer, auth.tenantId, tradeId, account, amount],
    );
  }
}

const notFound: Reply = { status: 404, body: { typeCode: "not-found" } };

const acceptAndPay = (auth: Auth, user: string, tradeId: string) =>
  transaction(async (c): Promise<Reply> => {
    const trade = await step(c, auth, tradeId, user, "Created", "InvitationAccepted", null);
    if (!trade) return notFound;
    const id = randomUUID();
    await c.query(
      `INSERT INTO "Payment" ("id", "tenantId", "mode", "tradeId", "marketplaceUserId", "purpose", "amountMinor",
        "currency", "externalId", "updatedAt") VALUES ($1, $2, $3, $4, $5, 'Escrow', $6, $7, $8, now())`,
      [id, auth.tenantId, auth.mode, tradeId, user, trade.payerTotalMinor, auth.currency, `sim_${id}`],
    );
    return { status: 200, body: { paymentId: id, state: "Pending" } };
  });

// The payment is opened at the simulated bank, decided there, and its callback applied around the
// completion's transaction, as the service does since the sandbox's news took the rail's way (baseline-rail.ts).
async function completePayment(auth: Auth, paymentId: string): Promise<Reply> {
  const eventId = await railNewsBefore(pool, auth.tenantId, paymentId);
  if (!eventId) return notFound;
  const reply = await transaction(async (c): Promise<Reply> => {
    const paid = await c.query(
      `UPDATE "Payment" SET "state" = 'Paid', "paidAt" = now(), "updatedAt" = now() WHERE "id" = $1 AND "tenantId" = $2 AND "state" = 'Pending' RETURNING *`,
      [paymentId, auth.tenantId],
    );
    const payment = paid.rows[0];
    if (!payment) return notFound;
    await recordTry(c, auth.tenantId, paymentId, payment.tradeId);
    if (!(await step(c, auth, payment.tradeId, null, "InvitationAccepted", "AwaitingShipment", "trade.created")))
      return notFound;
    await ledger(c, auth, payment.tradeId, "fundEscrow", [
      ["payer_funding", -BigInt(payment.amountMinor)],
      ["escrow", BigInt(payment.amountMinor)],
    ]);
    return { status: 200, body: { paymentId, state: "Paid" } };
  });
  await railNewsAfter(pool, eventId, paymentId);
  return reply;
}

// The parcel's route read first, then the purchase in one transaction (baseline-label.ts).
async function buyLabel(auth: Auth, user: string, tradeId: string): Promise<Reply> {
  await parcelRouteReads(pool, auth, tradeId);
  return transaction(async (c): Promise<Reply> => {
    const locked = await c.query(
      `SELECT "id" FROM "Trade" WHERE "id" = $1 AND "tenantId" = $2 AND "mode" = $3 AND "state" = 'AwaitingShipment' FOR UPDATE`,
      [tradeId, auth.tenantId, auth.mode],
    );
    if (!locked.rows[0]) return notFound;
    await labelPurchase(c, auth, tradeId, user);
    if (!(await step(c, auth, tradeId, user, "AwaitingShipment", "LabelCreated", "trade.label_created")))
      return notFound;
    await ledger(c, auth, tradeId, "deliveryLabel", [
      ["escrow", -5900n],
      ["carrier_payable", 5900n],
    ]);
    return { status: 200, body: { state: "Paid" } };
  });
}

const trackingEvent = (auth: Auth, labelId: string, event: string) =>
  transaction(async (c): Promise<Reply> => {
    const label = await c.query(
      `UPDATE "ShipmentLabel" SET "status" = $3, "updatedAt" = now() WHERE "id" = $1 AND "tenantId" = $2 RETURNING "tradeId"`,
      [labelId, auth.tenantId, event === "sent" ? "Sent" : "Delivered"],
    );
    if (!label.rows[0]) return notFound;
    await c.query(`INSERT INTO "ShipmentTrackingEvent" ("labelId", "event", "occurredAt") VALUES ($1, $2, now())`, [
      labelId,
      event,
    ]);
    const [from, to] = event === "sent" ? ["LabelCreated", "Sent"] : ["Sent", "Delivered"];
    if (!(await step(c, auth, label.rows[0].tradeId, null, from, to, `trade.${to.toLowerCase()}`))) return notFound;
    return { status: 200, body: { labelId, event } };
  });

const acceptCondition = (auth: Auth, user: string, tradeId: string) =>
  transaction(async (c): Promise<Reply> => {
    const trade = await step(c, auth, tradeId, user, "Delivered", "Succeeded", "trade.succeeded");
    if (!trade) return notFound;
    await ledger(c, auth, tradeId, "settle", [
      ["escrow", -BigInt(trade.payerTotalMinor)],
      ["payee_payable", BigInt(trade.payerTotalMinor)],
    ]);
    return { status: 200, body: { tradeId, state: "Succeeded" } };
  });

// A clean exit on the benchmark's SIGTERM, so that a profile asked for with
// BENCH_BASELINE_NODE_FLAGS="--cpu-prof …" is written (Node writes it only on a normal exit).
process.once("SIGTERM", () => process.exit(0));

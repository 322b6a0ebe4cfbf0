// Whether an error means the database went away under a statement — a primary that crashed or is
// being switched over, PgBouncer losing its server, a replica not yet promoted, a cut network —
// rather than a statement the database refused. Such an error is transient: the pool opens new
// connections, and the same request succeeds a few seconds later (docs/reliability.md).
//
// Errors arrive in several wrappings: node-postgres's DatabaseError (`code` is the SQLSTATE),
// Prisma's P2010/P2039 (the SQLSTATE only inside the message: "Code: `57P01`"), the driver
// adapter's DriverAdapterError (the original under `cause`), and plain socket errors.

// SQLSTATE classes 08 (connection exception) and 57P01–57P03 (admin shutdown, crash shutdown,
// cannot connect now); 25006: a write reached a primary that was just demoted to a replica.
const TRANSIENT_SQLSTATES = new Set([
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "08P01",
  "57P01",
  "57P02",
  "57P03",
  "25006",
]);
const TRANSIENT_MESSAGES = [
  /server conn crashed/i, // PgBouncer: the server connection died mid-transaction
  /connection terminated/i, // node-postgres: the socket closed under a query
  /has encountered a connection error/i, // node-postgres: a pooled client died while idle
  /terminating connection/i,
  /the database system is (starting up|shutting down|in recovery)/i,
  /\b(ECONNRESET|ECONNREFUSED|EPIPE|ETIMEDOUT)\b/,
];

export function isConnectionLost(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    if (typeof current !== "object") return false;
    const { code, message, cause, meta } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      meta?: { code?: unknown };
    };
    if (
      typeof code === "string" &&
      (TRANSIENT_SQLSTATES.has(code) || /^E(CONNRESET|CONNREFUSED|PIPE|TIMEDOUT)$/.test(code))
    )
      return true;
    if (typeof meta?.code === "string" && TRANSIENT_SQLSTATES.has(meta.code)) return true;
    if (typeof message === "string") {
      const quoted = /Code: `([0-9A-Z]{5})`/.exec(message)?.[1];
      if (quoted && TRANSIENT_SQLSTATES.has(quoted)) return true;
      if (TRANSIENT_MESSAGES.some((pattern) => pattern.test(message))) return true;
    }
    current = cause;
  }
  return false;
}

// Points lib/db/client.ts at the database that global-database.ts opened.
import { inject } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
process.env.DATA_ENCRYPTION_KEYS = inject("dataEncryptionKeys");
process.env.PUBLIC_BASE_URL = "https://escrow.test";
// Tests are not throttled for failed authentication unless they ask to be: in-process calls carry
// no client address, so they would all share one per-address budget (failed-auth-limit.ts).
process.env.API_FAILED_AUTH_PER_MINUTE ??= "10000000";
// On PostgreSQL the driver's statements are prepared by name, as a deployment that connects to
// PostgreSQL directly runs them (lib/db/sql.ts); the embedded database serves every connection
// from one session, where names would collide.
process.env.DATABASE_PREPARED_STATEMENTS = inject("databaseKind") === "postgresql" ? "on" : "off";

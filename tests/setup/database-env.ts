// Points lib/db/client.ts at the database that global-database.ts opened.
import { inject } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
process.env.DATA_ENCRYPTION_KEYS = inject("dataEncryptionKeys");
process.env.PUBLIC_BASE_URL = "https://escrow.test";

// npm run db:migrate
// Applies pending migrations to DATABASE_URL, or to the embedded database when it is unset.
import "./require-node.ts";
import { redactUrl, resolveDatabase } from "../lib/db/connection.ts";
import { applyMigrations } from "../lib/db/migrations.ts";
import { answerHelp } from "./usage.ts";

answerHelp(`Usage: npm run db:migrate

  Applies the migrations in prisma/migrations that DATABASE_URL (or the embedded database) lacks.`);

const database = await resolveDatabase();
let code = 0;
try {
  const applied = await applyMigrations(database.url);
  console.log(
    `${database.kind} ${redactUrl(database.url)}: ${applied.length ? `applied ${applied.join(", ")}` : "already up to date"}`,
  );
} catch (error) {
  console.error("Migration failed:", error instanceof Error ? error.message : error);
  code = 1;
} finally {
  await database.embedded?.stop();
}
// The WebAssembly engine leaves a timer running (docs/toolchain.md).
process.exit(code);

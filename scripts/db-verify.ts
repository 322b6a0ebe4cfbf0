// npm run db:verify [-- <postgresql url>]
// Checks a database before the service is pointed at it (a restored backup, a promoted replica):
// migrations applied, ledger balanced, finished trades empty, payment records and payouts agreeing
// with the ledger, webhook secrets opening with DATA_ENCRYPTION_KEYS (lib/integrity/verify-database.ts).
// Exits 0 when everything holds, 1 with the problems listed otherwise. docs/operations.md.
import "./require-node.ts";
import { redactUrl } from "../lib/db/connection.ts";
import { verifyDatabase } from "../lib/integrity/verify-database.ts";
import { answerHelp } from "./usage.ts";

const USAGE =
  "Usage: npm run db:verify -- <postgresql url>   (or set DATABASE_URL)\n\n  Checks a " +
  "restored or promoted database before serving from it (docs/operations.md).";
answerHelp(USAGE);
const url = process.argv[2] ?? process.env.DATABASE_URL;
if (!url) {
  console.error(USAGE);
  process.exit(2);
}
try {
  const { ok, problems, counts } = await verifyDatabase(url);
  console.log(
    `${redactUrl(url)}: ${Object.entries(counts)
      .map(([table, n]) => `${n.toLocaleString("en")} ${table}`)
      .join(", ")}`,
  );
  for (const problem of problems) console.log(`  ✘ ${problem}`);
  console.log(
    ok
      ? "✔ consistent: safe to point the service at it"
      : `✘ ${problems.length} problem(s): do not serve from this database`,
  );
  process.exit(ok ? 0 : 1);
} catch (error) {
  console.error("Could not verify:", error instanceof Error ? error.message : error);
  process.exit(1);
}

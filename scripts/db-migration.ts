// npm run db:migration -- <name>
// Writes the next migration from the difference between prisma/migrations and schema.prisma.
import "./require-node.ts";
import { createMigration } from "../lib/db/migrations.ts";
import { answerHelp } from "./usage.ts";

answerHelp(`Usage: npm run db:migration -- <name>

  Writes the next migration from the difference between prisma/migrations and prisma/schema.prisma.`);

const name = process.argv.slice(2).join("_");
if (!name) {
  console.error("Usage: npm run db:migration -- <name>");
  process.exit(2);
}
const dir = await createMigration(name);
console.log(dir ? `Wrote ${dir}/migration.sql` : "schema.prisma and the migrations agree: nothing to write.");
// The WebAssembly engine leaves a timer running (docs/toolchain.md).
process.exit(0);

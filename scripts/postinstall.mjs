// Runs after `npm install`: generates the Prisma client into lib/db/generated.
// Prisma's CLI insists on a native schema engine binary, which cannot be downloaded on our
// machines (docs/toolchain.md). `prisma generate` does not use it, so any existing file satisfies it.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

if (process.argv.slice(2).some((arg) => arg === "--help" || arg === "-h")) {
  console.log(
    "Usage: npm run generate   (also run by npm install and npm run build)\n\n  Generates the Prisma client into lib/db/generated from prisma/schema.prisma.",
  );
  process.exit(0);
}

if (!existsSync("prisma/schema.prisma")) process.exit(0);
const result = spawnSync("npx", ["prisma", "generate"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
  },
});
process.exit(result.status ?? 1);

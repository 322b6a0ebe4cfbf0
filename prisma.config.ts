// Prisma CLI configuration. Only `prisma generate` runs through the CLI here: Prisma's native
// schema engine cannot be downloaded on our machines, so migrations run through its WebAssembly
// build instead (lib/db/migrations.ts, `npm run db:migrate`).
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});

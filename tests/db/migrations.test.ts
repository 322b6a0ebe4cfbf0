// schema.prisma and prisma/migrations must describe the same database.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { diffMigrationsToSchema, PRISMA_DIR } from "../../lib/db/migrations.ts";

describe("migrations", () => {
  it("match schema.prisma (run `npm run db:migration -- <name>` after changing the schema)", async () => {
    expect(await diffMigrationsToSchema()).toBe("");
  });

  it("are reported as drifted when the schema gains a column the migrations lack", async () => {
    const copy = mkdtempSync(path.join(tmpdir(), "escrow-prisma-"));
    cpSync(PRISMA_DIR, copy, { recursive: true });
    const schemaFile = path.join(copy, "schema.prisma");
    writeFileSync(
      schemaFile,
      readFileSync(schemaFile, "utf8").replace("model Tenant {\n", "model Tenant {\n  driftProbe String?\n"),
    );
    const sql = await diffMigrationsToSchema(copy);
    expect(sql).toContain('ADD COLUMN     "driftProbe" TEXT');
  });
});

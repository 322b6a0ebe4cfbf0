// The driver's statements are prepared by name on PostgreSQL (DATABASE_PREPARED_STATEMENTS=on,
// tests/setup/database-env.ts). A migration that adds a column while the server runs changes what
// a prepared `SELECT *` returns, which PostgreSQL refuses ("cached plan must not change result
// type"): lib/db/sql.ts prepares it again and runs it once more, alone or inside a transaction.
// On the embedded database nothing is prepared by name, and the same holds.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { inTransaction, sql } from "../../lib/db/sql.ts";
import { db } from "../helpers/tenants.ts";

const table = `PreparedProbe_${randomUUID().slice(0, 8)}`;
// Slow enough that ten at once take ten connections, so every pooled connection prepares it.
const everyConnection = <T>(read: () => Promise<T>) => Promise.all(Array.from({ length: 10 }, read));

describe("prepared statements and a column added under them", () => {
  afterAll(() => db.$executeRawUnsafe(`DROP TABLE IF EXISTS "${table}"`));

  it("answers with the new column, alone and in a transaction", async () => {
    await db.$executeRawUnsafe(`CREATE TABLE "${table}" ("id" int PRIMARY KEY)`);
    await db.$executeRawUnsafe(`INSERT INTO "${table}" VALUES (1)`);
    const select = `SELECT *, pg_sleep(0.05)::text AS "slept" FROM "${table}" WHERE "id" = $1`;
    const alone = () => sql<Record<string, unknown>>(select, [1]);
    const inside = () => inTransaction((q) => q<Record<string, unknown>>({ text: select, values: [1] }));

    for (const rows of await everyConnection(alone)) expect(rows).toEqual([{ id: 1, slept: "" }]);
    for (const rows of await everyConnection(inside)) expect(rows).toEqual([{ id: 1, slept: "" }]);

    await db.$executeRawUnsafe(`ALTER TABLE "${table}" ADD COLUMN "added" text NOT NULL DEFAULT 'new'`);
    for (const rows of await everyConnection(alone)) expect(rows).toEqual([{ id: 1, added: "new", slept: "" }]);
    await db.$executeRawUnsafe(`ALTER TABLE "${table}" ADD COLUMN "again" int NOT NULL DEFAULT 2`);
    for (const rows of await everyConnection(inside))
      expect(rows).toEqual([{ id: 1, added: "new", again: 2, slept: "" }]);
  });
});

// The production server loads lib/db/sql.ts twice (Next's bundle for the console and the scheduler,
// tsx for the API) over one pool: both copies must give each text one name.
describe("prepared statements from two copies of the driver module", () => {
  it("never give one name two texts on a pooled connection", async () => {
    // A query string makes the module loader evaluate the file again, as a separate module.
    const secondCopy = "../../lib/db/sql.ts?second-copy";
    const other = (await import(/* @vite-ignore */ secondCopy)) as typeof import("../../lib/db/sql.ts");
    expect(other.sql).not.toBe(sql); // a second module instance, as in the production server
    const first = `SELECT $1::int AS "first", pg_sleep(0.05)::text AS "slept"`;
    const second = `SELECT $1::int AS "second", pg_sleep(0.05)::text AS "slept"`;
    // Ten at once on each copy, so that every pooled connection prepares both texts.
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => sql(first, [1])),
      ...Array.from({ length: 10 }, () => other.sql(second, [2])),
      ...Array.from({ length: 10 }, () => other.sql(first, [3])),
      ...Array.from({ length: 10 }, () => sql(second, [4])),
    ]);
    expect(answers.map((rows) => Object.values(rows[0] as object)[0])).toEqual([
      ...Array(10).fill(1),
      ...Array(10).fill(2),
      ...Array(10).fill(3),
      ...Array(10).fill(4),
    ]);
  });
});

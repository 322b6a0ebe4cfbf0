// lib/db/sql.ts inTransaction on a pipelining connection: BEGIN goes out with the first statement,
// a statement the work does not await goes out with whatever follows it (at the latest the
// COMMIT), and the transaction still commits only when every statement succeeded, failing with the
// first that did not. A read sent right behind a lock runs once the lock is granted, with its own
// snapshot. Meaningful on PostgreSQL (npm test runs this file there too); on the embedded database
// the same holds with one transaction at a time.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTransaction } from "../../lib/db/sql.ts";
import { db } from "../helpers/tenants.ts";

const parent = `PipelineParent_${randomUUID().slice(0, 8)}`;
const child = `PipelineChild_${randomUUID().slice(0, 8)}`;
const insertChild = (id: number) => ({ text: `INSERT INTO "${child}" ("id") VALUES ($1)`, values: [id] });
const childIds = async () =>
  (await db.$queryRawUnsafe<{ id: number }[]>(`SELECT "id" FROM "${child}" ORDER BY "id"`)).map((row) => row.id);

describe("pipelined transactions", () => {
  beforeAll(async () => {
    await db.$executeRawUnsafe(`CREATE TABLE "${parent}" ("id" int PRIMARY KEY)`);
    await db.$executeRawUnsafe(`INSERT INTO "${parent}" VALUES (1)`);
    await db.$executeRawUnsafe(`CREATE TABLE "${child}" ("id" int PRIMARY KEY)`);
  });
  afterAll(async () => {
    await db.$executeRawUnsafe(`DROP TABLE IF EXISTS "${child}"`);
    await db.$executeRawUnsafe(`DROP TABLE IF EXISTS "${parent}"`);
  });

  it("commits the statements the work sent and never awaited", async () => {
    await db.$executeRawUnsafe(`DELETE FROM "${child}"`);
    const answer = await inTransaction(async (q) => {
      void q(insertChild(1));
      void q(insertChild(2));
      return "sent";
    });
    expect(answer).toBe("sent");
    expect(await childIds()).toEqual([1, 2]);
  });

  it("rolls everything back when a statement nobody awaited fails, and fails with its error", async () => {
    await db.$executeRawUnsafe(`DELETE FROM "${child}"`);
    await db.$executeRawUnsafe(`INSERT INTO "${child}" VALUES (7)`);
    const failing = inTransaction(async (q) => {
      await q(insertChild(1));
      void q(insertChild(7)); // a duplicate key
      return "sent";
    });
    await expect(failing).rejects.toMatchObject({ code: "23505" });
    expect(await childIds()).toEqual([7]);
  });

  it("fails with the first statement that failed, not with the aborted ones sent behind it", async () => {
    await db.$executeRawUnsafe(`DELETE FROM "${child}"`);
    await db.$executeRawUnsafe(`INSERT INTO "${child}" VALUES (7)`);
    const failing = inTransaction(async (q) => {
      void q(insertChild(7)); // a duplicate key
      // Sent behind it, this one fails only because the transaction is aborted (25P02).
      return q({ text: `SELECT count(*)::int AS "count" FROM "${child}"`, values: [] });
    });
    await expect(failing).rejects.toMatchObject({ code: "23505" });
  });

  it("runs a read sent behind a lock once the lock is granted, seeing what was committed meanwhile", async () => {
    await db.$executeRawUnsafe(`DELETE FROM "${child}"`);
    const lock = { text: `SELECT "id" FROM "${parent}" WHERE "id" = $1 FOR UPDATE`, values: [1] };
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // The first transaction takes the lock, writes a child row and waits before it commits.
    const first = inTransaction(async (q) => {
      await q(lock);
      await q(insertChild(1));
      locked();
      await held;
    });
    await isLocked;
    // The second sends its lock and its read together, and waits for the first's lock.
    const second = inTransaction(async (q) => {
      const locking = q(lock);
      const read = q<{ count: number }>({ text: `SELECT count(*)::int AS "count" FROM "${child}"`, values: [] });
      await locking;
      return (await read)[0]!.count;
    });
    await new Promise((resolve) => setTimeout(resolve, 200)); // the second's statements reach the database
    release();
    await first;
    expect(await second).toBe(1);
  });
});

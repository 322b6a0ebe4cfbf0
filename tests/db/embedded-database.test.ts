// One process owns an embedded data folder; others join it through its port; a dead owner's lock
// is taken over; data survives a restart.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openEmbeddedDatabase } from "../../lib/db/embedded.ts";

async function query(url: string, sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

describe("embedded database", () => {
  it("lets a second opener join the owner's server instead of opening the folder again", async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "escrow-pglite-")), "pglite");
    const owner = await openEmbeddedDatabase(dir);
    try {
      expect(owner.owned).toBe(true);
      expect(existsSync(`${dir}.lock`)).toBe(true);
      const joiner = await openEmbeddedDatabase(dir);
      expect(joiner.owned).toBe(false);
      expect(joiner.url).toBe(owner.url);
      await query(owner.url, "CREATE TABLE t (n int)");
      await query(joiner.url, "INSERT INTO t VALUES (1), (2)");
      expect(await query(owner.url, "SELECT count(*)::int AS n FROM t")).toEqual([{ n: 2 }]);
    } finally {
      await owner.stop();
    }
    expect(existsSync(`${dir}.lock`)).toBe(false);

    const reopened = await openEmbeddedDatabase(dir);
    try {
      expect(reopened.owned).toBe(true);
      expect(await query(reopened.url, "SELECT count(*)::int AS n FROM t")).toEqual([{ n: 2 }]);
    } finally {
      await reopened.stop();
    }
  });

  it("takes over the folder when the lock belongs to a process that no longer exists", async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "escrow-pglite-")), "pglite");
    const dead = spawn(process.execPath, ["-e", "0"]);
    await new Promise((resolve) => dead.on("exit", resolve));
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: dead.pid, port: 1 }));
    const db = await openEmbeddedDatabase(dir);
    try {
      expect(db.owned).toBe(true);
      expect(await query(db.url, "SELECT 1 AS one")).toEqual([{ one: 1 }]);
    } finally {
      await db.stop();
    }
  });
});

// The server log never gets the values of a failing call (docs/security.md, "What is logged"):
// real errors from Prisma and PostgreSQL that quote an account number are logged by their kind,
// reason, constraint and stack frames only.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sql } from "../../lib/db/sql.ts";
import { loggableError } from "../../lib/ops/loggable-error.ts";
import { db } from "../helpers/tenants.ts";

const SECRET = "DK5000400440116243"; // stands for an account number or an address

async function thrown(action: () => Promise<unknown>): Promise<unknown> {
  try {
    await action();
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

describe("loggableError", () => {
  it("keeps the reason of a Prisma validation error and drops the call's arguments", async () => {
    const error = await thrown(() =>
      db.staffUser.create({ data: { email: SECRET, name: SECRET, passwordHash: SECRET, tenantId: 42 } as never }),
    );
    expect(String((error as Error).message)).toContain(SECRET); // what console.error(error) would have written
    const logged = loggableError(error);
    expect(logged).not.toContain(SECRET);
    expect(logged).toMatch(/^PrismaClientValidationError: .*tenant/i);
    expect(logged).toMatch(/\n\s+at /);
  });

  it("keeps the constraint of a PostgreSQL unique violation and drops the row's values", async () => {
    const id = randomUUID();
    await sql(`INSERT INTO "RateLimit" ("key", "points") VALUES ($1, 1)`, [`${SECRET}-${id}`]);
    const error = await thrown(() =>
      sql(`INSERT INTO "RateLimit" ("key", "points") VALUES ($1, 1)`, [`${SECRET}-${id}`]),
    );
    expect(JSON.stringify(error)).toContain(SECRET); // in `detail`
    const logged = loggableError(error);
    expect(logged).not.toContain(SECRET);
    expect(logged).toContain("23505");
    expect(logged).toContain("RateLimit_pkey");
  });

  it("drops a value PostgreSQL quotes in its message, and follows causes", async () => {
    const error = await thrown(() => sql(`SELECT $1::int`, [SECRET]));
    expect((error as Error).message).toContain(SECRET);
    const wrapped = new Error("Could not read the trade", { cause: error });
    const logged = loggableError(wrapped);
    expect(logged).not.toContain(SECRET);
    expect(logged).toMatch(/^Error: Could not read the trade\n/);
    expect(logged).toContain('caused by error 22P02: invalid input syntax for type integer: "[value]"');
    expect(loggableError("a string")).toBe("a thrown string, not an Error");
  });

  it("drops the values of a failed raw query through Prisma, and of a value out of range", async () => {
    for (const query of [
      () => db.$queryRaw`SELECT ${SECRET}::int`,
      () => db.$executeRaw`SELECT ${SECRET.slice(2)}::int`,
    ]) {
      const error = await thrown(query);
      expect(String((error as Error).message)).toContain(SECRET.slice(2)); // "value "…" is out of range" quotes it too
      const logged = loggableError(error);
      expect(logged).not.toContain(SECRET);
      expect(logged).not.toContain(SECRET.slice(2));
      expect(logged).toMatch(/^PrismaClientKnownRequestError P2010: /);
    }
  });
});

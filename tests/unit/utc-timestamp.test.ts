// lib/db/sql.ts reads PostgreSQL's `timestamp` text by the fields' positions; it must give the same
// instant as parsing the text as an ISO date, for every form PostgreSQL writes (fractions of one
// to six digits without trailing zeros, none when whole) and the forms it leaves to that parse.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { utcTimestamp } from "../../lib/db/sql.ts";

/** The text PostgreSQL writes for a timestamp with these microseconds. */
function postgresText(date: Date, micros: number): string {
  const iso = date.toISOString(); // 2026-11-30T02:28:28.000Z
  const fraction = String(date.getUTCMilliseconds() * 1000 + micros)
    .padStart(6, "0")
    .replace(/0+$/, "");
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? `.${fraction}` : ""}`;
}

describe("utcTimestamp", () => {
  it("gives the instant the ISO parse gives, for any timestamp PostgreSQL writes", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("1000-01-01T00:00:00Z"),
          max: new Date("9999-12-31T23:59:59.999Z"),
          noInvalidDate: true,
        }),
        fc.integer({ min: 0, max: 999 }),
        (date, micros) => {
          const text = postgresText(date, micros);
          expect(utcTimestamp(text).getTime()).toBe(new Date(`${text.replace(" ", "T")}Z`).getTime());
          expect(utcTimestamp(text).getTime()).toBe(date.getTime());
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("reads whole seconds, short fractions, and leaves other forms to the ISO parse", () => {
    expect(utcTimestamp("2026-11-30 02:28:28").toISOString()).toBe("2026-11-30T02:28:28.000Z");
    expect(utcTimestamp("2026-11-30 02:28:28.5").toISOString()).toBe("2026-11-30T02:28:28.500Z");
    expect(utcTimestamp("2026-11-30 02:28:28.05").toISOString()).toBe("2026-11-30T02:28:28.050Z");
    expect(utcTimestamp("0099-01-01 00:00:00").getTime()).toBe(new Date("0099-01-01T00:00:00Z").getTime());
    expect(Number.isNaN(utcTimestamp("infinity").getTime())).toBe(true);
  });
});

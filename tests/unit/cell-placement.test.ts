// The cells model of docs/scaling.md (scripts/cells): placement keeps every cell below its headroom
// (a tenant too big for any gets a cell of its own), the directory names each tenant once, and a
// move keeps it so at every step: a failed move leaves the tenant where it was.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { moveTenant, type MoveRates } from "../../scripts/cells/move.ts";
import { directoryOf, loadOf, place, type Tenant } from "../../scripts/cells/placement.ts";

const RATES: MoveRates = { copyRowsPerSecond: 50_000, applyPerSecond: 2_000, freezeAtLagSeconds: 1, switchSeconds: 2 };
const tenantsOf = (loads: number[]): Tenant[] =>
  loads.map((writesPerSecond, i) => ({ id: `t${i}`, writesPerSecond, rows: Math.round(writesPerSecond * 1e5) }));

describe("placing tenants in cells", () => {
  it("keeps every cell below its headroom unless one tenant alone is over it, and places each tenant once", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0.01, max: 900, noNaN: true }), { maxLength: 200 }), (loads) => {
        const cells = place(tenantsOf(loads), 1000, 0.6);
        for (const cell of cells) expect(loadOf(cell) <= 600 + 1e-9 || cell.tenants.length === 1).toBe(true);
        expect(directoryOf(cells).size).toBe(loads.length);
      }),
    );
  });
});

describe("moving a tenant", () => {
  it("copies, catches up, freezes its writes for the last second and the switch, then the directory names the target", () => {
    const cells = place(tenantsOf([300, 200, 100]), 1000, 0.6);
    const directory = directoryOf(cells);
    const tenant = cells[0]!.tenants[0]!;
    const target = { id: "cell-new", capacity: 1000, tenants: [] };
    const steps = moveTenant(tenant, cells[0]!, target, directory, RATES);
    expect(steps.map((step) => [step.step, step.servedBy])).toEqual([
      ["copy", cells[0]!.id],
      ["catch-up", cells[0]!.id],
      ["freeze", cells[0]!.id],
      ["switch", "cell-new"],
    ]);
    expect(steps[0]!.seconds).toBeCloseTo(tenant.rows / RATES.copyRowsPerSecond);
    expect(steps[2]).toMatchObject({ seconds: 3, writes: "refused with 503, retried" });
    expect(directory.get(tenant.id)).toBe("cell-new");
    expect(directoryOf([...cells, target]).size).toBe(3);
  });

  it("that fails before the switch leaves the tenant where it was", () => {
    for (const failAt of ["copy", "catch-up", "freeze"] as const) {
      const cells = place(tenantsOf([300, 200]), 1000, 0.6);
      const directory = directoryOf(cells);
      const [tenant, home] = [cells[0]!.tenants[0]!, cells[0]!];
      const target = { id: "cell-new", capacity: 1000, tenants: [] };
      const steps = moveTenant(tenant, home, target, directory, RATES, failAt);
      expect(steps.at(-1)).toMatchObject({ step: "aborted", servedBy: home.id });
      expect(directory.get(tenant.id), failAt).toBe(home.id);
      expect(target.tenants).toEqual([]);
    }
  });

  it("is refused to a target that cannot apply the tenant's writes faster than they come", () => {
    const cells = place(tenantsOf([300]), 1000, 0.6);
    const directory = directoryOf(cells);
    expect(() =>
      moveTenant(cells[0]!.tenants[0]!, cells[0]!, { id: "small", capacity: 100, tenants: [] }, directory, {
        ...RATES,
        applyPerSecond: 250,
      }),
    ).toThrow(/faster than they come/);
  });
});

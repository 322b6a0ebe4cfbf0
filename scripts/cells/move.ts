// Moving one tenant from one cell to another while it keeps trading (docs/scaling.md, Moving a
// tenant). Every row of a tenant carries its tenantId, so the tenant's rows are a set that logical
// replication can copy with a row filter (PostgreSQL 15: a publication's WHERE "tenantId" = …):
//
// 1. copy:     the target subscribes; the initial copy runs while the source keeps serving;
// 2. catch-up: changes made during the copy stream over until the lag is under a second;
// 3. freeze:   the directory marks the tenant `moving`: its writes answer 503 with Retry-After
//              (idempotency keys make the tenant's retries safe), its workers and scheduler
//              rounds skip it, the last changes drain;
// 4. switch:   the directory points at the target; the source's rows of the tenant are kept
//              read-only for a week, then deleted.
//
// A move that fails before the switch leaves the tenant where it was (the target's copy is
// dropped); after it, where it went. The directory never names two cells, nor none.
import type { Cell, Tenant, TenantDirectory } from "./placement.ts";

export interface MoveRates {
  /** Rows per second the initial copy reaches (COPY through logical replication). */
  copyRowsPerSecond: number;
  /** Write transactions per second the target applies while catching up. */
  applyPerSecond: number;
  /** The lag, in seconds, below which the freeze begins. */
  freezeAtLagSeconds: number;
  /** What the switch itself takes: the directory's update reaching every router, in seconds. */
  switchSeconds: number;
}

export interface MoveStep {
  step: "copy" | "catch-up" | "freeze" | "switch" | "aborted";
  seconds: number;
  /** The cell the directory names for the tenant after the step. */
  servedBy: string;
  /** Whether the tenant's writes are accepted during the step. */
  writes: "accepted" | "refused with 503, retried";
}

/** The steps of moving `tenant` from `from` to `to`, and the directory after each. */
export function moveTenant(
  tenant: Tenant,
  from: Cell,
  to: Cell,
  directory: TenantDirectory,
  rates: MoveRates,
  failAt?: MoveStep["step"],
): MoveStep[] {
  if (directory.get(tenant.id) !== from.id) throw new Error(`${tenant.id} is not served by ${from.id}`);
  const steps: MoveStep[] = [];
  const copy = tenant.rows / rates.copyRowsPerSecond;
  steps.push({ step: "copy", seconds: copy, servedBy: from.id, writes: "accepted" });
  if (failAt === "copy") return abort(steps, from);
  // The changes made during the copy wait to be applied; the target applies them faster than the
  // tenant makes new ones, so the backlog shrinks by the difference until the lag is small.
  const backlog = tenant.writesPerSecond * copy;
  const net = rates.applyPerSecond - tenant.writesPerSecond;
  if (net <= 0) throw new Error(`${to.id} cannot apply ${tenant.id}'s writes faster than they come`);
  const catchUp = Math.max(0, (backlog - rates.freezeAtLagSeconds * rates.applyPerSecond) / net);
  steps.push({ step: "catch-up", seconds: catchUp, servedBy: from.id, writes: "accepted" });
  if (failAt === "catch-up") return abort(steps, from);
  const freeze = rates.freezeAtLagSeconds + rates.switchSeconds;
  steps.push({ step: "freeze", seconds: freeze, servedBy: from.id, writes: "refused with 503, retried" });
  if (failAt === "freeze") return abort(steps, from);
  from.tenants = from.tenants.filter((each) => each.id !== tenant.id);
  to.tenants.push(tenant);
  directory.set(tenant.id, to.id);
  steps.push({ step: "switch", seconds: 0, servedBy: to.id, writes: "accepted" });
  return steps;
}

function abort(steps: MoveStep[], from: Cell): MoveStep[] {
  steps.push({ step: "aborted", seconds: 0, servedBy: from.id, writes: "accepted" });
  return steps;
}

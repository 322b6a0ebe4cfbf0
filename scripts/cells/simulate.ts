// npm run simulate:cells: tenants placed in cells when one primary is not enough, and one tenant
// moved while it trades (docs/scaling.md, Cells). A model, not the service: it opens no database
// and starts nothing. Deterministic for a seed.
import "../require-node.ts";
import { answerHelp } from "../usage.ts";
import { moveTenant, type MoveRates } from "./move.ts";
import { directoryOf, loadOf, place, type Cell, type Tenant } from "./placement.ts";
import { CELL_CAPACITY } from "./capacity.ts";

answerHelp(`Usage: npm run simulate:cells [-- --tenants 5000 --total-writes 48000 --headroom 0.6 --seed 7]

  Places tenants in cells (first fit by peak write load, each cell below the headroom of its
  primary's capacity: ${CELL_CAPACITY.writesPerSecond} write transactions/s, docs/scaling.md), then
  lets the busiest tenant double its load and moves a tenant so that no cell is over its headroom,
  printing each step of the move and the tenant directory's answer after it; then a move that fails
  midway, which leaves the tenant where it was. Opens no database.`);

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

const tenantsCount = option("tenants", 5000);
// By default twice what one primary carries: the service has outgrown one cell.
const totalWrites = option("total-writes", Math.round((2 * CELL_CAPACITY.writesPerSecond) / 1000) * 1000);
const headroom = option("headroom", 0.6);
let seed = option("seed", 7);

/** A small deterministic generator (mulberry32): the same seed, the same marketplaces. */
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

// Marketplaces are few and big, then many and small: Zipf's law (exponent 1.1) over their peak
// write load, jittered. A tenant's rows are its history: two years at a fifth of its peak, about
// one row per write transaction, so 10 million rows per write/s of peak.
const weights = Array.from({ length: tenantsCount }, (_, i) => (0.75 + random() / 2) / Math.pow(i + 1, 1.1));
const weightSum = weights.reduce((a, b) => a + b, 0);
const tenants: Tenant[] = weights.map((weight, i) => {
  const writesPerSecond = (totalWrites * weight) / weightSum;
  return { id: `tenant-${String(i + 1).padStart(4, "0")}`, writesPerSecond, rows: Math.round(writesPerSecond * 1e7) };
});

const fixed = (value: number, digits = 1) => value.toFixed(digits);
function printCells(title: string, cells: Cell[]) {
  console.log(`\n${title}`);
  console.log("| cell | tenants | writes/s at peak | of capacity | busiest tenant |");
  console.log("|---|---:|---:|---:|---|");
  for (const cell of cells) {
    const busiest = [...cell.tenants].sort((a, b) => b.writesPerSecond - a.writesPerSecond)[0];
    const share = (100 * loadOf(cell)) / cell.capacity;
    const over = share > headroom * 100 ? " (over headroom)" : "";
    const top = busiest ? `${busiest.id} (${fixed(busiest.writesPerSecond)}/s)` : "–";
    console.log(`| ${cell.id} | ${cell.tenants.length} | ${fixed(loadOf(cell))} | ${fixed(share)}%${over} | ${top} |`);
  }
}

const capacity = CELL_CAPACITY.writesPerSecond;
const cells = place(tenants, capacity, headroom);
const directory = directoryOf(cells);
console.log(
  `${tenantsCount} tenants, ${totalWrites} write transactions/s at peak in all; a cell's primary takes ${capacity}/s, kept below ${headroom * 100}%.`,
);
printCells("Placement", cells);

// The busiest tenant's season: its load doubles, and its cell goes over the headroom.
const biggest = tenants.reduce((a, b) => (a.writesPerSecond >= b.writesPerSecond ? a : b));
const home = cells.find((cell) => cell.id === directory.get(biggest.id))!;
biggest.writesPerSecond *= 2;
printCells(`${biggest.id} doubles its load (its season)`, cells);

// Bring the hot cell back under its headroom by moving tenants off it, the smallest first: a small
// tenant copies fastest, and the one in its season keeps its cell. Each goes to the least loaded
// cell it fits in (a new cell when none has room).
const limit = capacity * headroom;
if (loadOf(home) <= limit) {
  console.log(`\n${home.id} is still below the headroom: nothing to move (try a larger --total-writes).`);
  process.exit(0);
}
const moves: Tenant[] = [];
for (const tenant of [...home.tenants].sort((a, b) => a.writesPerSecond - b.writesPerSecond)) {
  if (loadOf(home) - moves.reduce((sum, each) => sum + each.writesPerSecond, 0) <= limit) break;
  if (tenant !== biggest) moves.push(tenant);
}
function targetFor(tenant: Tenant): Cell {
  const fits = cells
    .filter((cell) => cell !== home && loadOf(cell) + tenant.writesPerSecond <= limit)
    .sort((a, b) => loadOf(a) - loadOf(b))[0];
  if (fits) return fits;
  const opened = { id: `cell-${cells.length + 1}`, capacity, tenants: [] };
  cells.push(opened);
  return opened;
}

const rates: MoveRates = {
  copyRowsPerSecond: CELL_CAPACITY.copyRowsPerSecond,
  applyPerSecond: CELL_CAPACITY.writesPerSecond,
  freezeAtLagSeconds: 1,
  switchSeconds: 2,
};
function printMove(title: string, steps: ReturnType<typeof moveTenant>) {
  console.log(`\n${title}`);
  console.log("| step | takes | the directory names | the tenant's writes |");
  console.log("|---|---:|---|---|");
  for (const step of steps)
    console.log(`| ${step.step} | ${fixed(step.seconds)} s | ${step.servedBy} | ${step.writes} |`);
}

// The first move fails during the catch-up (the target's disk filled, say): the tenant stays put.
const first = moves[0]!;
const trial = moveTenant(first, home, targetFor(first), directory, rates, "catch-up");
printMove(
  `Moving ${first.id} (${fixed(first.writesPerSecond)}/s, ${first.rows.toLocaleString("en")} rows) fails in the catch-up`,
  trial,
);
if (directory.get(first.id) !== home.id) throw new Error("an aborted move changed the directory");

console.log(`\nMoving ${moves.length} tenants off ${home.id}, one after the other`);
console.log("| tenant | writes/s | rows | to | copy + catch-up | writes waited |");
console.log("|---|---:|---:|---|---:|---:|");
let hours = 0;
for (const tenant of moves) {
  const target = targetFor(tenant);
  const steps = moveTenant(tenant, home, target, directory, rates);
  const running = steps.filter((step) => step.step === "copy" || step.step === "catch-up");
  const took = running.reduce((sum, step) => sum + step.seconds, 0) / 3600;
  const waited = steps.filter((step) => step.writes !== "accepted").reduce((sum, step) => sum + step.seconds, 0);
  hours += took;
  console.log(
    `| ${tenant.id} | ${fixed(tenant.writesPerSecond)} | ${tenant.rows.toLocaleString("en")} | ${target.id} | ${fixed(took, 2)} h | ${fixed(waited)} s |`,
  );
}
console.log(
  `\n${fixed(hours)} hours of copying in all, one move at a time; each tenant's writes waited a few seconds ` +
    "(answered 503 with Retry-After, retried with their idempotency keys), its reads never.",
);
printCells("After the moves", cells);

// Invariants of the model: every tenant in exactly one cell, and the directory agrees.
const after = directoryOf(cells);
if (after.size !== tenantsCount) throw new Error("a tenant was lost or doubled");
for (const [tenant, cell] of after)
  if (directory.get(tenant) !== cell) throw new Error(`${tenant}: directory disagrees`);
const over = cells.filter((cell) => loadOf(cell) > limit);
console.log(
  over.length
    ? `\nStill over the headroom: ${over.map((c) => c.id).join(", ")}`
    : "\nEvery cell is below the headroom.",
);

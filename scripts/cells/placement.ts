// Tenants placed in cells: each cell is a whole deployment of the service on its own Patroni
// cluster (docs/scaling.md, Cells), and a tenant directory says which cell holds each tenant.
// Placement is first-fit decreasing by write load, keeping every cell below a headroom of its
// capacity so that a cell can take a moved tenant, a failover or a tenant's peak; a tenant whose
// load fits no cell opens a new one. Nothing here is runtime code: scripts/cells/simulate.ts uses
// it to show a placement and a move (npm run simulate:cells).

export interface Tenant {
  id: string;
  /** Write transactions per second at its busiest hour. */
  writesPerSecond: number;
  /** Rows it holds (trades and everything hanging off them), what a move copies. */
  rows: number;
}

export interface Cell {
  id: string;
  /** Write transactions per second its primary sustains (measured × hardware factor). */
  capacity: number;
  tenants: Tenant[];
}

export const loadOf = (cell: Cell) => cell.tenants.reduce((sum, tenant) => sum + tenant.writesPerSecond, 0);

/** The directory: which cell serves each tenant. Exactly one entry per tenant, at every moment. */
export type TenantDirectory = Map<string, string>;

export function directoryOf(cells: Cell[]): TenantDirectory {
  const directory: TenantDirectory = new Map();
  for (const cell of cells)
    for (const tenant of cell.tenants) {
      if (directory.has(tenant.id)) throw new Error(`${tenant.id} is in two cells`);
      directory.set(tenant.id, cell.id);
    }
  return directory;
}

/**
 * First-fit decreasing: the busiest tenants first, each into the least loaded cell it fits in below
 * `headroom` × capacity, a new cell when none has room. A tenant bigger than a cell's headroom on
 * its own gets a cell of its own (and is the case for the next step: its trades split by seller).
 */
export function place(tenants: Tenant[], cellCapacity: number, headroom: number, cells: Cell[] = []): Cell[] {
  const limit = cellCapacity * headroom;
  for (const tenant of [...tenants].sort((a, b) => b.writesPerSecond - a.writesPerSecond)) {
    const fits = cells
      .filter((cell) => loadOf(cell) + tenant.writesPerSecond <= limit)
      .sort((a, b) => loadOf(a) - loadOf(b))[0];
    if (fits) fits.tenants.push(tenant);
    else cells.push({ id: `cell-${cells.length + 1}`, capacity: cellCapacity, tenants: [tenant] });
  }
  return cells;
}

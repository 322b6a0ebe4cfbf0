// What one cell's primary carries, from measurements on this machine (docs/scaling.md, "Where one
// primary stops") times stated hardware factors. Change these when the figures are measured again
// or on the production hardware.

/** Measured on this machine (2 cores shared by the app, PostgreSQL 15 and the load), 2026-11-29. */
export const MEASURED = {
  /**
   * Journeys per second of the raw driver doing the service's SQL (`npm run bench -- --only journey`,
   * the baseline, 16 clients): the database's work with as little app CPU as there can be. The
   * service itself ran 54.6 in the same run, bound by its own CPU, not by the database.
   */
  journeysPerSecond: 106,
  /** `npm run bench:journey`: transaction ids assigned per journey (only writing transactions take one). */
  writeTransactionsPerJourney: 12.8,
  walBytesPerJourney: 49_492,
  /** Rows of a trade's width per second that one COPY stream moved between two databases here. */
  copyRowsPerSecond: 220_000,
};

/**
 * A production primary against this machine: a dedicated 32-vCPU server with local NVMe, against
 * about one core that the database has here; to be replaced by the same benchmark on that hardware.
 */
export const HARDWARE_FACTOR = 16;

/** One COPY stream gains less (one core per table; a subscription syncs two tables at a time). */
export const COPY_FACTOR = 4;

export const CELL_CAPACITY = {
  writesPerSecond: Math.round(MEASURED.journeysPerSecond * MEASURED.writeTransactionsPerJourney * HARDWARE_FACTOR),
  walBytesPerSecond: Math.round(MEASURED.journeysPerSecond * MEASURED.walBytesPerJourney * HARDWARE_FACTOR),
  copyRowsPerSecond: MEASURED.copyRowsPerSecond * COPY_FACTOR,
};

// CPU time read from /proc (Linux): what a process, and PostgreSQL's processes together, have
// spent. `npm run bench:journey` divides the difference by the journeys run, which is far steadier
// than a latency or a rate on a shared machine: it does not move when a neighbour takes the core
// for a moment, so two versions of a call can be compared within a few percent.
import { readdirSync, readFileSync } from "node:fs";

/** Linux's clock ticks per second for the times in /proc/<pid>/stat (USER_HZ, 100 everywhere in practice). */
const TICKS_PER_SECOND = 100;

/** utime + stime, and the same of waited-for children, of one process, in milliseconds (0 if it has gone). */
export function processCpuMs(pid: number, withChildren = false): number {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return 0;
  }
  // The command name is in parentheses and may hold spaces; the fields after it are fixed.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]));
  const ticks = utime! + stime! + (withChildren ? cutime! + cstime! : 0);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/**
 * Every PostgreSQL process on this machine (the postmaster with the backends it has reaped, and the
 * backends alive now), in milliseconds: the database's whole CPU, whichever connection spent it.
 */
export function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let comm: string;
    try {
      comm = readFileSync(`/proc/${entry}/comm`, "utf8").trim();
    } catch {
      continue;
    }
    if (comm === "postgres") total += processCpuMs(Number(entry), true);
  }
  return total;
}

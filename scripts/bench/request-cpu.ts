// Loaded into a server with `--import` by `npm run bench:journey -- --per-call-cpu`: the CPU the
// server spends on each request (process.cpuUsage, every thread of the process, from the request's
// arrival to the end of its answer), summed by method and address shape, and written to
// REQUEST_CPU_DIR/<pid>.json when the server stops. With one client at a time nothing else runs in
// the server meanwhile, so each request's figure is its own: what the call costs the server, to
// the microsecond, where /proc's ticks (process-cpu.ts) only give a journey's total.
// Plain erasable TypeScript: Node loads it before tsx is registered.
import { writeFileSync } from "node:fs";
import http from "node:http";
import { join } from "node:path";

const totals = new Map<string, { calls: number; micros: number }>();

/** "POST /api/v1/sandbox/payments/{id}/complete": ids (any segment with a digit) folded. */
const shapeOf = (method: string, url: string) =>
  `${method} ${url
    .split("?")[0]!
    .split("/")
    .map((segment) => (/\d/.test(segment) && segment !== "v1" ? "{id}" : segment))
    .join("/")}`;

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (this: http.Server, event: string, ...args: unknown[]) {
  if (event === "request") {
    const [request, response] = args as [http.IncomingMessage, http.ServerResponse];
    const started = process.cpuUsage();
    const shape = shapeOf(request.method ?? "GET", request.url ?? "/");
    response.once("finish", () => {
      const spent = process.cpuUsage(started);
      const total = totals.get(shape) ?? { calls: 0, micros: 0 };
      total.calls++;
      total.micros += spent.user + spent.system;
      totals.set(shape, total);
    });
  }
  return (emit as (event: string, ...args: unknown[]) => boolean).call(this, event, ...args);
} as typeof emit;

function write(): void {
  const dir = process.env.REQUEST_CPU_DIR;
  if (dir) writeFileSync(join(dir, `${process.pid}.json`), JSON.stringify(Object.fromEntries(totals)));
}
process.on("exit", write);
// The production server drains on SIGTERM and then exits; the baseline has no handler of its own,
// and one added here would keep it running: it is written and ends here.
process.on("SIGTERM", () => {
  write();
  if (process.listenerCount("SIGTERM") === 1) process.exit(0);
});

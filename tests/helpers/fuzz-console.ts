// Fuzzing of the console's path parameters and query strings (issue 33: a NUL in a search, a day
// like 2026-13-45 or 1e309, a crafted cursor each answered 500). Every console endpoint found on
// disk gets its valid request (tests/helpers/console-targets.ts) with one parameter at a time
// replaced by odd text, then random text, days and numbers; the parameters come from the route's
// folders and from the query schema its handler declares (consoleQuery), so a new parameter is
// fuzzed without being listed here, and a route that reads its query without declaring it fails.
// Every page found on disk is rendered the same way, with the search parameters its props declare.
// The rules every answer keeps:
// - never a 5xx;
// - every refusal is the console's body: `error` (text), `code` matching the status, `errors` as
//   { key, value } entries, a validation error naming the parameter that was changed;
// - text PostgreSQL cannot hold (a NUL) is a 400 validation-error naming its parameter;
// - a page renders, or answers its 404 or a redirect.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../lib/errors.ts";
import { callConsole, renderConsolePage } from "./console-request.ts";
import { PAGES, TARGETS } from "./console-targets.ts";
import { buildConsoleWorld, consoleEndpoints, type ConsoleWorld } from "./console-world.ts";
import { oddCases, oddValues, randomCase, type ConsoleCase } from "./fuzz-console-cases.ts";
import { FUZZ_SEED } from "./fuzz-runner.ts";

const RANDOM_RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const CONSOLE_DIR = "app/(console)/console";

type Handler = Parameters<typeof callConsole>[0] & { query?: { shape: Record<string, unknown> } };

/** A path segment as the request line carries it (a lone surrogate cannot be encoded: left as it is). */
function segment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value;
  }
}

function send(handler: Handler, method: string, route: string, c: ConsoleCase, staffId: string) {
  const query = new URLSearchParams(c.query).toString();
  const where = route.replace(/\[(\w+)\]/g, (_, name: string) => segment(c.params[name] ?? name));
  return callConsole(handler, {
    method,
    path: `/console/api/${where}${query ? `?${query}` : ""}`,
    params: c.params,
    staffId,
    body: c.body,
  });
}

/** The rules of the file header for one endpoint's answer; null when it keeps them all. */
function checkAnswer(c: ConsoleCase, result: { status: number; json: unknown }): string | null {
  if (result.status >= 500) return `answered ${result.status}`;
  const body = result.json as { error?: unknown; code?: string; errors?: { key: unknown; value: unknown }[] } | null;
  if (result.status >= 400) {
    if (typeof body?.error !== "string") return "a refusal without the console's { error } body";
    if (body.code !== undefined && ERROR_CODES[body.code as keyof typeof ERROR_CODES]?.status !== result.status)
      return `code ${body.code} does not go with ${result.status}`;
    if (
      body.errors !== undefined &&
      !(
        Array.isArray(body.errors) && body.errors.every((e) => typeof e.key === "string" && typeof e.value === "string")
      )
    )
      return "errors are not { key, value } entries";
    if (body.code === "validation-error" && !body.errors?.length) return "a validation error names no field";
    if (body.code === "validation-error" && c.names && !body.errors!.some((e) => e.key === c.names))
      return `the validation error does not name ${c.names}`;
  }
  if (c.mustRefuse && (result.status !== 400 || body?.code !== "validation-error"))
    return `expected 400 validation-error naming ${c.names}`;
  return null;
}

const queryOf = (text = "") => Object.fromEntries(new URLSearchParams(text));

/** Every page.tsx under the console, with its route ("trades/[tradeId]") and the search parameters its props declare. */
function consolePages(): { route: string; file: string; searchNames: string[]; readsSearch: boolean }[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === "api" ? [] : walk(full);
      return entry.name === "page.tsx" ? [full] : [];
    });
  return walk(CONSOLE_DIR).map((file) => {
    const source = readFileSync(file, "utf8");
    const declared = /searchParams: Promise<\{([^}]*)\}>/.exec(source)?.[1] ?? "";
    return {
      route: path
        .relative(CONSOLE_DIR, path.dirname(file))
        .split(path.sep)
        .filter((part) => !part.startsWith("("))
        .join("/"),
      file,
      searchNames: [...declared.matchAll(/(\w+)\??:/g)].map((m) => m[1]!),
      readsSearch: source.includes("searchParams"),
    };
  });
}

export function fuzzConsole() {
  describe(`console path parameters and query strings (seed ${FUZZ_SEED})`, () => {
    const endpoints = consoleEndpoints();
    let world: ConsoleWorld;
    beforeAll(async () => {
      world = await buildConsoleWorld();
    }, 120_000);
    const stats: { name: string; cases: number; statuses: Record<number, number> }[] = [];
    afterAll(() => {
      const total = stats.reduce((sum, s) => sum + s.cases, 0);
      console.log(
        `fuzz console, seed ${FUZZ_SEED}: ${total} requests to ${stats.length} endpoints\n` +
          stats.map((s) => `  ${s.name}: ${s.cases} cases; ${JSON.stringify(s.statuses)}`).join("\n"),
      );
    });

    it("finds every parameter: routes declare the query they read, pages the search parameters", () => {
      for (const endpoint of endpoints) {
        expect(
          readFileSync(endpoint.file, "utf8"),
          `${endpoint.file} reads searchParams itself: use consoleQuery`,
        ).not.toMatch(/searchParams/);
      }
      for (const page of consolePages().filter((p) => p.readsSearch)) {
        expect(
          page.searchNames.length,
          `${page.file}: declare searchParams as Promise<{ name?: string }>`,
        ).toBeGreaterThan(0);
      }
    });

    for (const endpoint of endpoints) {
      const name = `${endpoint.method} ${endpoint.route}`;
      it(`${name}: odd path and query values never fail it, and text the database cannot hold is a 400 naming its parameter`, async () => {
        const handler = (await import(/* @vite-ignore */ `${process.cwd()}/${endpoint.file}`))[
          endpoint.method
        ] as Handler;
        const target = TARGETS[name];
        expect(target, `a target for ${name} in tests/helpers/console-targets.ts`).toBeDefined();
        const call = target!.calls(world)[0]!;
        const base = { params: call.params ?? {}, query: queryOf(call.query), body: call.body };
        const queryNames = Object.keys(handler.query?.shape ?? {});
        if (endpoint.method === "GET") {
          const valid = await send(handler, "GET", endpoint.route, { ...base, label: "valid" }, world.adminId);
          expect(valid.status, `${name} with its valid request: ${JSON.stringify(valid.json)}`).toBe(200);
        }
        const enumerated = oddCases(base, queryNames);
        const random = randomCase(base, queryNames);
        const cases = random ? fc.oneof(fc.constantFrom(...enumerated), random) : fc.constantFrom(...enumerated);
        const stat = { name, cases: 0, statuses: {} as Record<number, number> };
        stats.push(stat);
        await fc.assert(
          fc.asyncProperty(cases, async (c) => {
            const result = await send(handler, endpoint.method, endpoint.route, c, world.adminId);
            stat.cases++;
            stat.statuses[result.status] = (stat.statuses[result.status] ?? 0) + 1;
            const problem = checkAnswer(c, result);
            if (problem)
              throw new Error(
                `${name} "${c.label}": ${problem}\nanswer: ${result.status} ${JSON.stringify(result.json)}`,
              );
          }),
          {
            seed: FUZZ_SEED,
            numRuns: enumerated.length + (random ? RANDOM_RUNS : 0),
            examples: enumerated.map((c) => [c]),
            endOnFailure: true,
          },
        );
      }, 300_000);
    }

    for (const page of consolePages()) {
      const dynamic = [...page.route.matchAll(/\[(\w+)\]/g)].map((m) => m[1]!);
      if (!dynamic.length && !page.searchNames.length) continue;
      it(`page /console/${page.route}: odd path and search values render it, its 404 or a redirect`, async () => {
        const component = (await import(/* @vite-ignore */ `${process.cwd()}/${page.file}`)).default;
        const params = PAGES[page.route]?.(world)[0] ?? Object.fromEntries(dynamic.map((name) => [name, "x"]));
        const render = (p: Record<string, string>, search: Record<string, string>) =>
          renderConsolePage(component, `/console/${page.route}`, world.adminId, p, search);
        for (const [label, value] of oddValues()) {
          // Next hands a page its segment still percent-encoded.
          for (const name of dynamic) {
            const encoded = segment(value);
            const result = await render({ ...params, [name]: encoded }, {}).catch((error: unknown) => String(error));
            expect(["rendered", "not-found", "redirect"], `${page.route} ${name}: ${label} → ${result}`).toContain(
              result,
            );
          }
          for (const name of page.searchNames) {
            const result = await render(params, { [name]: value }).catch((error: unknown) => String(error));
            expect(["rendered", "not-found", "redirect"], `${page.route} ?${name}: ${label} → ${result}`).toContain(
              result,
            );
          }
        }
      }, 300_000);
    }
  });
}

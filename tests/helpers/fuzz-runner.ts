// Schema-driven fuzzing of the API (issue 8): for each operation of the served OpenAPI document,
// valid requests, every constraint broken one at a time, and hostile requests, each sent to the
// real route handler against the real database. The rules every answer must keep:
// - never a 5xx, and never a status the document does not list for the operation;
// - every 4xx is the error record (ajv against the document's ErrorRecord), its status matching its
//   typeCode, and a validation error names the offending field (its JSON path);
// - every 2xx body validates against the document's response schema;
// - nothing pollutes Object.prototype.
// The seed is fixed (FUZZ_SEED overrides it) and printed by fast-check with any failure.
// The cases are made in fuzz-valid-cases.ts, fuzz-broken-cases.ts, fuzz-hostile-cases.ts and
// fuzz-query-cases.ts (one request: fuzz-case.ts), and each answer is checked by fuzz-answer.ts.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildWorld } from "./api-world.ts";
import { callRoute, type CallResult } from "./call-route.ts";
import { checkAnswer, preview } from "./fuzz-answer.ts";
import { brokenCases } from "./fuzz-broken-cases.ts";
import { bodyText, labelled, type Case } from "./fuzz-case.ts";
import { FRESH } from "./fuzz-fresh.ts";
import { hostileCases } from "./fuzz-hostile-cases.ts";
import { queryCases } from "./fuzz-query-cases.ts";
import { baseRequest, validCase } from "./fuzz-valid-cases.ts";
import { concretePath, documentedOperations, type DocumentedOperation } from "./openapi-operations.ts";

export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 80_808);
/** Random valid-or-broken cases on top of the enumerated ones. */
const RANDOM_RUNS = Number(process.env.FUZZ_RUNS ?? 60);
/**
 * Every case's client stops waiting after this long, as a caller that gives up would: a long poll
 * (the sandbox event feed, up to 25 s) then answers what it has at once instead of at its deadline.
 */
const GIVES_UP_AFTER_MS = 250;
export const MIN_CASES_PER_OPERATION = 100;

export interface OperationStats {
  operationId: string;
  cases: number;
  valid: number;
  broken: number;
  hostile: number;
  success: number;
  /** Valid cases given an object of their own (tests/helpers/fuzz-fresh.ts). */
  fresh: number;
  statuses: Record<number, number>;
}

export function fuzzOperations(title: string, include: (operation: DocumentedOperation) => boolean) {
  describe(`${title} (seed ${FUZZ_SEED})`, async () => {
    const { document, operations } = await documentedOperations();
    const selected = operations.filter(include);
    const stats: OperationStats[] = [];
    afterAll(() => {
      console.log(
        `fuzz ${title}, seed ${FUZZ_SEED}:\n${stats.map((s) => `  ${s.operationId}: ${s.cases} cases (${s.valid} valid, ${s.broken} broken, ${s.hostile} hostile), ${s.success} answered 2xx${s.fresh ? ` (${s.fresh} valid cases on fresh objects)` : ""}; ${JSON.stringify(s.statuses)}`).join("\n")}`,
      );
    });

    it("covers at least one operation", () => expect(selected.length).toBeGreaterThan(0));

    for (const operation of selected) {
      describe(`${operation.method} ${operation.path} (${operation.operationId})`, () => {
        let world: Awaited<ReturnType<typeof buildWorld>>;
        beforeAll(async () => {
          world = await buildWorld();
        }, 120_000);

        it(`answers ${MIN_CASES_PER_OPERATION}+ valid, broken and hostile requests without a 5xx and in the documented shapes`, async () => {
          const token = world.tenant.testApiKey;
          const base = baseRequest(document, operation, world.ids);
          const enumerated = [
            ...brokenCases(document, operation, base),
            ...hostileCases(document, operation, base),
            ...queryCases(operation, base),
          ];
          const arbitrary = fc.oneof(
            { arbitrary: validCase(document, operation, world.ids), weight: 3 },
            { arbitrary: fc.constantFrom(...enumerated), weight: 1 },
          );
          // Fields the unchanged base request is already refused on (a documented example that the
          // service rejects, e.g. an address that does not resolve): a case may be refused on them too.
          const baseAnswer = await send(
            operation,
            labelled({ kind: "valid", label: "base", params: base.params, query: {}, headers: {}, body: base.body }),
            token,
          );
          const baseKeys = new Set<string>(
            baseAnswer.json?.typeCode === "validation-error"
              ? baseAnswer.json.errors.map((e: { key: string }) => e.key)
              : [],
          );
          const stat: OperationStats = {
            operationId: operation.operationId,
            cases: 0,
            valid: 0,
            broken: 0,
            hostile: 0,
            success: 0,
            fresh: 0,
            statuses: {},
          };
          stats.push(stat);
          await fc.assert(
            fc.asyncProperty(arbitrary, async (generated) => {
              const c = await freshen(operation, world, generated);
              if (c !== generated) stat.fresh++;
              const result = await send(operation, c, token);
              stat.cases++;
              stat[c.kind]++;
              stat.statuses[result.status] = (stat.statuses[result.status] ?? 0) + 1;
              if (result.status < 300) stat.success++;
              const problem = checkAnswer(operation, c, result, baseKeys);
              if (problem)
                throw new Error(
                  `${operation.operationId} ${c.kind} case "${c.label}": ${problem}\nrequest: ` +
                    `${preview({ params: c.params, query: c.query, headers: c.headers, body: c.body ?? c.rawBody })}\nanswer: ` +
                    `${result.status} ${preview(result.json)}`,
                );
            }),
            {
              seed: FUZZ_SEED,
              numRuns: Math.max(MIN_CASES_PER_OPERATION, enumerated.length + RANDOM_RUNS),
              examples: enumerated.map((c) => [c]),
              endOnFailure: true,
            },
          );
          expect(stat.cases).toBeGreaterThanOrEqual(MIN_CASES_PER_OPERATION);
        }, 300_000);
      });
    }
  });
}

/**
 * A valid case of an operation that uses its object up gets an object of its own, unless it aims
 * at an unknown id on purpose (those must stay 404s). The generated case is left as it was.
 */
async function freshen(
  operation: DocumentedOperation,
  world: Awaited<ReturnType<typeof buildWorld>>,
  c: Case,
): Promise<Case> {
  const fresh = FRESH[operation.operationId];
  if (c.kind !== "valid" || !fresh || Object.values(c.params).some((value) => value.startsWith("unknown-"))) return c;
  const { params, body } = await fresh(world, c.params, c.body);
  return labelled({ ...c, label: `${c.label} on a fresh object`, params, body });
}

async function send(operation: DocumentedOperation, c: Case, token: string): Promise<CallResult> {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(c.query)) search.append(name, value);
  const query = search.size ? `?${search}` : "";
  return callRoute(operation.handler, {
    method: operation.method,
    path: concretePath(operation, c.params) + query,
    params: c.params,
    token: c.token === undefined ? token : c.token,
    headers:
      c.body !== undefined && c.rawBody === undefined
        ? { "Content-Type": "application/json", ...c.headers }
        : c.headers,
    rawBody: c.rawBody ?? (c.body !== undefined ? bodyText(c.body) : undefined),
    signal: AbortSignal.timeout(GIVES_UP_AFTER_MS),
  });
}

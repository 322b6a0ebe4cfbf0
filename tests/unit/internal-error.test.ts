// An unexpected failure answers the error record with only a trace id (docs/security.md, API8): what
// went wrong, which may name rows, values or the query, goes to the server log under that trace id.
import { afterEach, describe, expect, it, vi } from "vitest";
import { failure } from "../../lib/api/route.ts";

afterEach(() => vi.restoreAllMocks());

describe("an unexpected error", () => {
  it("answers 500 internal-error carrying the trace id and nothing of the error", async () => {
    const logged: unknown[][] = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void logged.push(args));
    const error = new Error("duplicate key DK5000400440116243 in query SELECT secret FROM accounts");
    const response = failure(error, "trace-0123456789abcdef0123", "POST /v1/x");
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({
      status: 500,
      typeCode: "internal-error",
      traceId: "trace-0123456789abcdef0123",
    });
    expect(text).not.toMatch(/DK5000|SELECT|secret|Error:|at /);
    // The log gets it under the trace id, as loggableError writes it (a plain Error's message is
    // our own code's; tests/integration/loggable-error.test.ts covers Prisma's and PostgreSQL's).
    expect(logged).toEqual([
      [
        expect.stringContaining("trace-0123456789abcdef0123"),
        expect.stringMatching(/^Error: duplicate key .*\n\s+at /),
      ],
    ]);
  });
});

// The OpenAPI document is valid OpenAPI 3.1 and lists exactly the operations that have routes.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../lib/api/openapi.ts";
import { OPERATIONS } from "../../lib/api/operations-index.ts";

describe("OpenAPI document", () => {
  it("validates as OpenAPI 3.1", async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(openApiDocument())));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("documents every operation with its error record responses", () => {
    const document = openApiDocument() as unknown as {
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
    };
    for (const operation of OPERATIONS) {
      const documented = document.paths[operation.path]?.[operation.method.toLowerCase()];
      expect(documented?.operationId, operation.operationId).toBe(operation.operationId);
      expect(Object.keys(documented?.responses ?? {})).toEqual(expect.arrayContaining(["400", "401", "500"]));
    }
  });

  it("has a route file exporting the method of every operation, at the address of decisions.md §1", () => {
    for (const operation of OPERATIONS) {
      const folder = operation.path.replace(/\{([^}]+)\}/g, "[$1]");
      const file = path.join("app/api", folder, "route.ts");
      expect(existsSync(file), `${operation.operationId}: ${file}`).toBe(true);
      expect(readFileSync(file, "utf8")).toMatch(
        new RegExp(`export const ${operation.method} = apiRoute\\(operations\\.${operation.operationId}\\b`),
      );
    }
  });
});

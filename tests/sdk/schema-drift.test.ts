// sdk/src/schema.ts is what openapi-typescript makes of the document the app serves now: a change
// to the API that is not regenerated into the SDK fails here. To regenerate, either
// `npx vitest run tests/sdk/schema-drift.test.ts -u`, or `npm run generate` in sdk/ against a
// running server.
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../lib/api/openapi.ts";
import { schemaSource } from "../../sdk/scripts/schema-source.ts";

describe("the SDK's generated types", () => {
  it("match the OpenAPI document the app serves", async () => {
    const source = await schemaSource(structuredClone(openApiDocument()) as never);
    await expect(source).toMatchFileSnapshot("../../sdk/src/schema.ts");
  }, 60_000);
});

// The import-direction rule of eslint.config.mjs: it fails silently if its resolver stops resolving
// a path (an unresolved import is simply not checked), so this proves it still refuses imports
// that point up a layer, through both a relative path and the "@/" alias, and allows one that
// points down.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === "import/no-restricted-paths")
    .map((message) => message.message);
}

describe("import layers", () => {
  it("refuses a use case importing the API layer", async () => {
    const errors = await layerErrors(
      "lib/trades/example.ts",
      'import { apiRoute } from "../api/route.ts";\nexport const x = apiRoute;\n',
    );
    expect(errors).toEqual([expect.stringContaining("Use cases do not import the API")]);
  });

  it("refuses the foundation importing a use case, also through the alias", async () => {
    const errors = await layerErrors(
      "lib/money/example.ts",
      'import { initiateTrade } from "@/lib/trades/initiate-trade.ts";\nexport const x = initiateTrade;\n',
    );
    expect(errors).toEqual([expect.stringContaining("sit below the use cases")]);
  });

  it("refuses the words importing a use case: the catalogs name actions and states, not import them", async () => {
    const errors = await layerErrors(
      "lib/i18n/example.ts",
      'import { ACTION } from "../trades/presentation/codes.ts";\nexport const x = ACTION;\n',
    );
    expect(errors).toEqual([expect.stringContaining("sit below the use cases")]);
  });

  it("allows a use case importing the foundation", async () => {
    const errors = await layerErrors(
      "lib/trades/example.ts",
      'import { AppError } from "../errors.ts";\nexport const x = AppError;\n',
    );
    expect(errors).toEqual([]);
  });
});

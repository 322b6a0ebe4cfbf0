// The import-direction rule of eslint.config.mjs: it fails silently if its resolver stops resolving
// a path (an unresolved import is simply not checked), so this proves it still refuses imports
// that point up a layer, through both a relative path and the "@/" alias, and allows one that
// points down.
import { readdirSync } from "node:fs";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { LAYERS } from "../../eslint.config.mjs";

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

  it("refuses lib/ops importing a use case: logs, metrics and traces sit in the foundation", async () => {
    const errors = await layerErrors(
      "lib/ops/example.ts",
      'import { isLiveModeOpen } from "../outside-parties.ts";\nimport { openSigningSecret } from "@/lib/webhooks/signing.ts";\n' +
        "export const x = [isLiveModeOpen, openSigningSecret];\n",
    );
    expect(errors).toEqual([
      expect.stringContaining("sit below the use cases"),
      expect.stringContaining("sit below the use cases"),
    ]);
  });

  it("allows a use case importing lib/ops", async () => {
    const errors = await layerErrors(
      "lib/payments/example.ts",
      'import { metrics } from "../ops/metrics.ts";\nexport const x = metrics;\n',
    );
    expect(errors).toEqual([]);
  });

  it("places every part of lib/ in exactly one layer: a part in none is checked by no rule", () => {
    const layered = [...LAYERS.FOUNDATION, ...LAYERS.DOMAINS, ...LAYERS.ADAPTERS];
    const parts = readdirSync("lib", { withFileTypes: true })
      .filter((entry) => entry.isDirectory() || entry.name.endsWith(".ts"))
      .map((entry) => `lib/${entry.name}`);
    expect(parts.filter((part) => !layered.includes(part))).toEqual([]);
    expect(layered.filter((part, i) => layered.indexOf(part) !== i)).toEqual([]);
  });
});

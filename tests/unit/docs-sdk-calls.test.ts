// The SDK calls the reference shows beside each curl (components/api-reference/sdk-calls.ts) are
// real: one per documented operation, and every one compiles against the SDK's types.
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { SDK_CALLS } from "../../components/api-reference/sdk-calls.ts";
import { documentedOperations } from "../helpers/openapi-operations.ts";

describe("the reference's SDK calls", () => {
  it("cover every documented operation", async () => {
    const { operations } = await documentedOperations();
    expect(operations.map((o) => o.operationId).filter((id) => !SDK_CALLS[id])).toEqual([]);
    expect(Object.keys(SDK_CALLS).filter((id) => !operations.some((o) => o.operationId === id))).toEqual([]);
  });

  it("compile against the SDK's types", () => {
    // Each snippet in its own block, with the ids it takes from earlier answers declared.
    const source = [
      `import { createEscrowClient } from "../../sdk/src/index.ts";`,
      `const escrow = createEscrowClient({ baseUrl: "https://escrow.example", token: "esk_test_x" });`,
      `declare const tradeId: string, paymentId: string, payoutId: string, labelId: string, subscriptionId: string, eventId: string, chargebackId: string;`,
      ...Object.entries(SDK_CALLS).map(
        ([id, code]) => `async function ${id}Example() {\n${code}\n}\nvoid ${id}Example;`,
      ),
    ].join("\n");
    const file = path.resolve("tests/unit/__sdk-calls__.ts");
    const options: ts.CompilerOptions = {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      allowImportingTsExtensions: true,
      skipLibCheck: true,
      types: ["node"],
      noUnusedLocals: false,
    };
    const host = ts.createCompilerHost(options);
    const read = host.readFile.bind(host);
    host.readFile = (name) => (path.resolve(name) === file ? source : read(name));
    const exists = host.fileExists.bind(host);
    host.fileExists = (name) => path.resolve(name) === file || exists(name);
    const program = ts.createProgram([file], options, host);
    const problems = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file && path.resolve(d.file.fileName) === file)
      .map(
        (d) =>
          `${d.file!.getLineAndCharacterOfPosition(d.start!).line + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
      );
    expect(problems).toEqual([]);
  }, 60_000);
});

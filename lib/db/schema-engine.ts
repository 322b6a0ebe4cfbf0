// Prisma's schema engine (migrate, diff) as WebAssembly.
//
// The native engine that `prisma migrate` downloads cannot be fetched on our machines; the same
// engine ships compiled to WebAssembly in @prisma/schema-engine-wasm and talks to the database
// through a driver adapter. Its package entry imports the .wasm file as an ES module, which plain
// Node refuses without a flag, so we instantiate the .wasm ourselves (docs/toolchain.md).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import type { SchemaEngine } from "@prisma/schema-engine-wasm";

type Bindings = typeof import("@prisma/schema-engine-wasm/schema_engine_bg");

let loaded: Promise<Bindings> | null = null;

/** The message of the engine's last panic (the wasm build reports panics through this global). */
export let lastEnginePanic: string | null = null;

function loadBindings(): Promise<Bindings> {
  loaded ??= (async () => {
    (globalThis as { PRISMA_WASM_PANIC_REGISTRY?: unknown }).PRISMA_WASM_PANIC_REGISTRY = {
      set_message(message: string) {
        lastEnginePanic = message;
        console.error("[schema-engine] panic:", message);
      },
    };
    const bindings = (await import("@prisma/schema-engine-wasm/schema_engine_bg")) as Bindings & {
      __wbg_set_wasm(exports: WebAssembly.Exports): void;
    };
    const require = createRequire(import.meta.url);
    const wasmPath = path.join(
      path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg")),
      "schema_engine_bg.wasm",
    );
    const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {
      "./schema_engine_bg.js": bindings as unknown as WebAssembly.ModuleImports,
    });
    bindings.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return bindings;
  })();
  return loaded;
}

/**
 * An engine bound to `adapterFactory` (the database to migrate, plus its shadow database for
 * diffs). `schema` is the text of prisma/schema.prisma.
 */
export async function openSchemaEngine(
  schema: string,
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
): Promise<SchemaEngine> {
  const bindings = await loadBindings();
  const log = (message: string) => {
    if (process.env.SCHEMA_ENGINE_DEBUG) console.error("[schema-engine]", message);
  };
  return bindings.SchemaEngine.new(
    { datamodels: [["schema.prisma", schema]] },
    log,
    bindMigrationAwareSqlAdapterFactory(adapterFactory),
  );
}

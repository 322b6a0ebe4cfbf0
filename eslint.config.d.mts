// The types of what eslint.config.mjs exports, for tests/unit/import-layers.test.ts, which reads
// the layers to prove that every part of lib/ is in one.
export declare const LAYERS: { FOUNDATION: string[]; DOMAINS: string[]; ADAPTERS: string[] };
declare const config: unknown[];
export default config;

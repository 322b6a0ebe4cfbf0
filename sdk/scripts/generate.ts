// npm run generate [-- <document>]: writes src/schema.ts from the service's OpenAPI document, read
// from a URL (default: a local `npm run dev` at http://localhost:3000) or a JSON file.
import { readFileSync, writeFileSync } from "node:fs";
import { schemaSource } from "./schema-source.ts";

const arg = process.argv[2];
if (arg === "--help" || arg === "-h") {
  console.log(`Usage: npm run generate [-- <url or file>]

  Writes src/schema.ts from the service's OpenAPI document. Default:
  $ESCROW_OPENAPI_URL, else http://localhost:3000/api/v1/openapi.json (a running \`npm run dev\`).`);
  process.exit(0);
}
const source = arg ?? process.env.ESCROW_OPENAPI_URL ?? "http://localhost:3000/api/v1/openapi.json";
const document = /^https?:\/\//.test(source)
  ? await fetch(source).then((response) => {
      if (!response.ok) throw new Error(`${source} answered ${response.status}`);
      return response.json();
    })
  : JSON.parse(readFileSync(source, "utf8"));
const target = new URL("../src/schema.ts", import.meta.url);
writeFileSync(target, await schemaSource(document));
console.log(`Wrote ${target.pathname} from ${source}`);

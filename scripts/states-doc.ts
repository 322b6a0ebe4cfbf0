// npm run docs:states – rewrites docs/states.md from the transition table.
import { writeFileSync } from "node:fs";
import { renderStatesDoc } from "../lib/trades/states-doc.ts";

writeFileSync("docs/states.md", renderStatesDoc());
console.log("Wrote docs/states.md");

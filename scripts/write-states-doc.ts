// npm run docs:states – rewrites docs/states.md from the transition table.
import "./require-node.ts";
import { writeFileSync } from "node:fs";
import { renderStatesDoc } from "../lib/trades/states-doc.ts";
import { answerHelp } from "./usage.ts";

answerHelp(`Usage: npm run docs:states

  Rewrites docs/states.md from the transition table (lib/trades/transition-table.ts).`);

writeFileSync("docs/states.md", renderStatesDoc());
console.log("Wrote docs/states.md");

// Command-line options of the benchmark scripts: `--help` prints the usage, and an unknown or
// malformed option prints what is wrong and the usage (exit 2) instead of a stack trace.
import { parseArgs, type ParseArgsOptionsConfig } from "node:util";

type Values<O extends ParseArgsOptionsConfig> = ReturnType<typeof parseArgs<{ options: O }>>["values"];

export function benchOptions<const O extends ParseArgsOptionsConfig>(usage: string, options: O): Values<O> {
  let values: Record<string, unknown>;
  try {
    values = parseArgs({ options: { ...options, help: { type: "boolean", short: "h", default: false } } }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  return values as Values<O>;
}

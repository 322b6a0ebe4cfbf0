// `--help` (or -h) on the project's scripts: print what the script does and how to call it, and
// exit 0 before it opens a database or starts anything. Every npm script answers it (a test runs
// each: tests/unit/npm-scripts-help.test.ts).
export function answerHelp(usage: string): void {
  if (process.argv.slice(2).some((arg) => arg === "--help" || arg === "-h")) {
    console.log(usage);
    process.exit(0);
  }
}

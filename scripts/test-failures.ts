// Names the failed tests in the runners' JSON reports, so that the summary at the end of
// `npm test` (the last lines of a CI log, often all that is kept) says where to look.
/* eslint-disable @typescript-eslint/no-explicit-any -- reads the runners' JSON reports */

export interface Failure {
  name: string;
  /** The first line of the error, without colour codes. */
  message: string;
}

const firstLine = (text: string) =>
  text
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 300) ?? "";

const relative = (file: string) => file.replace(`${process.cwd()}/`, "");

export const vitestFailures = (json: any): Failure[] =>
  json.testResults.flatMap((file: any) => {
    const tests = file.assertionResults
      .filter((test: any) => test.status === "failed")
      .map((test: any) => ({
        name: `${relative(file.name)} › ${test.fullName}`,
        message: firstLine(test.failureMessages?.[0] ?? ""),
      }));
    // A file that failed before its tests ran (an import or hook error) has no failed test to name.
    return tests.length || file.status !== "failed"
      ? tests
      : [{ name: relative(file.name), message: firstLine(file.message ?? "") }];
  });

export function playwrightFailures(json: any): Failure[] {
  const failures: Failure[] = [];
  const walk = (suite: any, titles: string[]) => {
    // The top suites are the spec files; the ones inside are describe blocks.
    const here = suite.title && suite.title !== suite.file ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === "unexpected")
          failures.push({
            name: `${spec.file} › [${test.projectName}] ${[...here, spec.title].join(" › ")}`,
            message: firstLine(test.results?.at(-1)?.error?.message ?? ""),
          });
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of json.suites ?? []) walk(suite, []);
  return failures;
}

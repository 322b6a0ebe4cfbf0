// What the server log may say about an unexpected error. Logging the error object whole
// (console.error(error)) can write personal data to the log: Prisma's messages quote the failing
// call with its arguments (an account number, an address), and a PostgreSQL error's `detail` and
// some of its messages quote the row's values. So the log gets the error's kind, its reason, the
// constraint or table it concerns, and the stack frames — never arguments or values.
// docs/security.md, "What is logged".

const FRAME = /^\s+at /;
const MAX_FRAMES = 15;

interface ErrorFields {
  code?: unknown;
  severity?: unknown;
  table?: unknown;
  constraint?: unknown;
}

/**
 * Double-quoted text in a PostgreSQL message is a value (`invalid input syntax for type uuid:
 * "…"`, `value "…" is out of range`) or a name (a constraint, also logged on its own): all of it
 * is replaced. Prisma quotes PostgreSQL's message inside its own for raw queries (P2010).
 */
const withoutQuoted = (message: string) => message.replace(/"[^"]*"/g, '"[value]"');

function summary(error: Error): string {
  const fields = error as Error & ErrorFields;
  const code = typeof fields.code === "string" ? ` ${fields.code}` : "";
  if (error.name.startsWith("PrismaClient")) {
    // The message is the call with its arguments, then the reason: keep only the reason.
    const reason =
      error.message
        .trim()
        .split("\n")
        .filter((line) => line.trim())
        .at(-1)
        ?.trim() ?? "";
    return `${error.name}${code}: ${withoutQuoted(reason)}`;
  }
  if (typeof fields.severity === "string" && code) {
    // A PostgreSQL error from pg: the message names the constraint; `detail` (not logged) has the values.
    const where = [
      typeof fields.table === "string" ? `table ${fields.table}` : "",
      typeof fields.constraint === "string" ? `constraint ${fields.constraint}` : "",
    ]
      .filter(Boolean)
      .join(", ");
    return `${error.name}${code}: ${withoutQuoted(error.message)}${where ? ` (${where})` : ""}`;
  }
  return `${error.name}${code}: ${error.message}`;
}

/** The error as the server log may show it: kind, reason and stack frames, no values. */
export function loggableError(error: unknown, depth = 0): string {
  if (!(error instanceof Error)) return `a thrown ${error === null ? "null" : typeof error}, not an Error`;
  const frames = (error.stack ?? "")
    .split("\n")
    .filter((line) => FRAME.test(line))
    .slice(0, MAX_FRAMES);
  const cause = error.cause !== undefined && depth < 3 ? [`caused by ${loggableError(error.cause, depth + 1)}`] : [];
  return [summary(error), ...frames, ...cause].join("\n");
}

// Which database this process talks to: DATABASE_URL when set, else the embedded PGlite in
// `.data/pglite` (opened, or joined if another process of ours already owns it).
import { DEFAULT_EMBEDDED_DIR } from "./embedded-dir.ts";
import { openEmbeddedDatabase, type EmbeddedDatabase } from "./embedded.ts";

export { DEFAULT_EMBEDDED_DIR };

export interface ResolvedDatabase {
  url: string;
  kind: "postgresql" | "embedded";
  /** Set when this process owns the embedded database and must stop it on exit. */
  embedded: EmbeddedDatabase | null;
}

export async function resolveDatabase(): Promise<ResolvedDatabase> {
  const url = process.env.DATABASE_URL;
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) throw new Error("DATABASE_URL must be a postgresql:// address.");
    return { url, kind: "postgresql", embedded: null };
  }
  const embedded = await openEmbeddedDatabase(DEFAULT_EMBEDDED_DIR);
  return { url: embedded.url, kind: "embedded", embedded: embedded.owned ? embedded : null };
}

/** Hides the password of a connection address before it is printed. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparseable address)";
  }
}

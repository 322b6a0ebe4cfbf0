// The keys that encrypt secrets at rest (secret-box.ts): DATA_ENCRYPTION_KEYS, a comma-separated
// list of `id:key` (the key 32 random bytes in base64url); the first one seals, every one listed
// opens. To rotate: put a new key first and keep the old one after it on every instance; restart
// them all (each start re-seals with the first key, scripts/run.ts); drop the old key once a start
// reports nothing left to re-seal.
//
// Set it in production, the same on every instance, kept outside the database (a secret manager):
// a database dump without it reveals no webhook signing secret. `npm start` and `npm run worker`
// on a real database refuse to start without it. For the embedded database and `npm run dev`, a
// key is made on first use and kept in .data/ beside the database (never committed), like the
// console's session secret. Its id is random, so that a key made again after .data/ was lost is
// reported as missing ("sealed with data key …, which DATA_ENCRYPTION_KEYS does not list")
// instead of failing as a wrong key.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DEFAULT_EMBEDDED_DIR } from "../db/embedded-dir.ts";

export interface DataKeys {
  /** The key id new secrets are sealed with. */
  current: string;
  keys: Map<string, Buffer>;
}

export const LOCAL_KEY_FILE = path.join(path.dirname(DEFAULT_EMBEDDED_DIR), "data-encryption-keys");
const ID = /^[A-Za-z0-9_-]{1,32}$/;

export function parseDataKeys(text: string, source: string): DataKeys {
  const keys = new Map<string, Buffer>();
  for (const entry of text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [id, encoded, ...rest] = entry.split(":");
    const key = Buffer.from(encoded ?? "", "base64url");
    if (!id || !ID.test(id) || rest.length || key.length !== 32 || keys.has(id)) {
      throw new Error(
        `${source}: each entry must be id:key, a unique id of letters, digits, - or _ and a key of ` +
          `32 bytes in base64url (make one with: node -e "console.log('key-1:' + ` +
          `require('crypto').randomBytes(32).toString('base64url'))")`,
      );
    }
    keys.set(id, key);
  }
  const current = keys.keys().next().value;
  if (current === undefined) throw new Error(`${source} lists no key`);
  return { current, keys };
}

function keysFromFile(): string {
  if (existsSync(LOCAL_KEY_FILE)) return readFileSync(LOCAL_KEY_FILE, "utf8").trim();
  mkdirSync(path.dirname(LOCAL_KEY_FILE), { recursive: true });
  const text = `local-${randomBytes(6).toString("hex")}:${randomBytes(32).toString("base64url")}`;
  // wx: two processes starting at once do not make two keys; the loser reads the winner's.
  try {
    writeFileSync(LOCAL_KEY_FILE, `${text}\n`, { mode: 0o600, flag: "wx" });
    return text;
  } catch {
    return readFileSync(LOCAL_KEY_FILE, "utf8").trim();
  }
}

let fromEnv: { text: string; keys: DataKeys } | undefined;
let fromFile: DataKeys | undefined;

/** The keys: from DATA_ENCRYPTION_KEYS (re-read when it changes), else the local file (read once). */
export function dataKeys(): DataKeys {
  const text = process.env.DATA_ENCRYPTION_KEYS;
  if (text) {
    if (fromEnv?.text !== text) fromEnv = { text, keys: parseDataKeys(text, "DATA_ENCRYPTION_KEYS") };
    return fromEnv.keys;
  }
  fromFile ??= parseDataKeys(keysFromFile(), LOCAL_KEY_FILE);
  return fromFile;
}

/** For `npm start` and `npm run worker`: on a real database the keys must come from the environment. */
export function requireDataKeysFor(databaseKind: "embedded" | "postgresql", what: string): void {
  if (databaseKind === "embedded" || process.env.DATA_ENCRYPTION_KEYS) return;
  throw new Error(
    `${what} on a real database needs DATA_ENCRYPTION_KEYS, the same on every instance and kept outside the database: ` +
      "it seals the webhook signing secrets and the sandbox API keys kept to be shown again. A key kept only on this machine would be lost with it, and every secret with it. " +
      `Make one with: node -e "console.log('key-1:' + require('crypto').randomBytes(32).toString('base64url'))"`,
  );
}

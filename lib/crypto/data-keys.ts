// The keys that encrypt secrets at rest (secret-box.ts): DATA_ENCRYPTION_KEYS, a comma-separated
// list of `id:key` (the key 32 random bytes in base64url); the first one seals, every one listed
// opens. To rotate: put a new key first, keep the old one after it, restart (the start re-seals
// every secret with the new key, scripts/run.ts), then drop the old one.
//
// Set it in production, the same on every instance, kept outside the database (a secret manager):
// a database dump without it reveals no webhook signing secret. When it is not set, one key is
// made on first use and kept in .data/ (never committed), like the console's session secret, so
// that `npm run dev`, `npm start` and `npm run worker` on this machine share it.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export interface DataKeys {
  /** The key id new secrets are sealed with. */
  current: string;
  keys: Map<string, Buffer>;
}

const KEY_FILE = path.join(".data", "data-encryption-keys");
const ID = /^[A-Za-z0-9_-]{1,32}$/;

export function parseDataKeys(text: string, source: string): DataKeys {
  const keys = new Map<string, Buffer>();
  for (const entry of text.split(",").map((part) => part.trim()).filter(Boolean)) {
    const [id, encoded, ...rest] = entry.split(":");
    const key = Buffer.from(encoded ?? "", "base64url");
    if (!id || !ID.test(id) || rest.length || key.length !== 32 || keys.has(id)) {
      throw new Error(`${source}: each entry must be id:key, a unique id of letters, digits, - or _ and a key of 32 bytes in base64url (make one with: node -e "console.log(require('crypto').randomBytes(32).toString('base64url'))")`);
    }
    keys.set(id, key);
  }
  const current = keys.keys().next().value;
  if (current === undefined) throw new Error(`${source} lists no key`);
  return { current, keys };
}

function keysFromFile(): string {
  if (existsSync(KEY_FILE)) return readFileSync(KEY_FILE, "utf8").trim();
  mkdirSync(path.dirname(KEY_FILE), { recursive: true });
  const text = `local-1:${randomBytes(32).toString("base64url")}`;
  // wx: two processes starting at once do not make two keys; the loser reads the winner's.
  try {
    writeFileSync(KEY_FILE, `${text}\n`, { mode: 0o600, flag: "wx" });
    return text;
  } catch {
    return readFileSync(KEY_FILE, "utf8").trim();
  }
}

let cached: { text: string; keys: DataKeys } | undefined;

export function dataKeys(): DataKeys {
  const fromEnv = process.env.DATA_ENCRYPTION_KEYS;
  const text = fromEnv || keysFromFile();
  if (cached?.text !== text) cached = { text, keys: parseDataKeys(text, fromEnv ? "DATA_ENCRYPTION_KEYS" : KEY_FILE) };
  return cached.keys;
}

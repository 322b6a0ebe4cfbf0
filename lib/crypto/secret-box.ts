// Secrets the service must be able to read back (webhook signing secrets sign every delivery, so
// they cannot be hashed) are stored sealed: AES-256-GCM under a data key from outside the
// database (data-keys.ts). The stored text is `sealed:v1:<key id>:<iv>:<ciphertext+tag>`
// (base64url). The purpose — which should name the row, e.g. the subscription id — is bound as
// associated data, so a value sealed for one use or row does not open as another. Values written
// before sealing existed are plain text and open as they are until the start re-seals them
// (resealing is for the owner of each column, e.g. lib/webhooks/reseal-secrets.ts).
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { dataKeys } from "./data-keys.ts";

const PREFIX = "sealed:v1:";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export const isSealed = (stored: string) => stored.startsWith(PREFIX);

/** The key id a stored value is sealed with (null for plain text). */
export const sealedWith = (stored: string): string | null =>
  isSealed(stored) ? (stored.slice(PREFIX.length).split(":")[0] ?? null) : null;

export function sealSecret(plain: string, purpose: string): string {
  const { current, keys } = dataKeys();
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keys.get(current)!, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(purpose));
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}${current}:${iv.toString("base64url")}:${sealed.toString("base64url")}`;
}

export function openSecret(stored: string, purpose: string): string {
  if (!isSealed(stored)) return stored; // written before sealing; re-sealed at the next start
  const [keyId, iv, sealed] = stored.slice(PREFIX.length).split(":");
  const key = dataKeys().keys.get(keyId ?? "");
  if (!key) throw new Error(`A secret is sealed with data key "${keyId}", which DATA_ENCRYPTION_KEYS does not list`);
  const bytes = Buffer.from(sealed ?? "", "base64url");
  const nonce = Buffer.from(iv ?? "", "base64url");
  if (bytes.length < TAG_BYTES || nonce.length !== IV_BYTES) throw new Error("A sealed secret is malformed");
  // The tag length is fixed: a shortened tag must not be accepted.
  const decipher = createDecipheriv("aes-256-gcm", key, nonce, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(purpose));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  // final() throws if the value, its purpose or its key do not match: never a wrong secret.
  return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]).toString(
    "utf8",
  );
}

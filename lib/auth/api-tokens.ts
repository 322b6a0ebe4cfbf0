// API tokens: `esk_test_…` (sandbox) or `esk_live_…`, 256 random bits, stored only as a SHA-256
// hash with a short display prefix (decisions.md §2).
import { createHash, randomBytes } from "node:crypto";
import type { ApiMode } from "../db/generated/enums.ts";

const TOKEN_PATTERN = /^esk_(test|live)_[A-Za-z0-9_-]{43}$/;

export interface NewApiToken {
  token: string;
  tokenHash: string;
  prefix: string;
  mode: ApiMode;
}

export function generateApiToken(mode: ApiMode): NewApiToken {
  const token = `esk_${mode}_${randomBytes(32).toString("base64url")}`;
  return { token, tokenHash: hashApiToken(token), prefix: displayPrefix(token), mode };
}

export function hashApiToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function displayPrefix(token: string): string {
  return `${token.slice(0, 13)}…`;
}

/** The token of an `Authorization: Bearer …` header, or null when it is missing or not one of ours. */
export function bearerToken(header: string | null): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  const token = match?.[1];
  return token && TOKEN_PATTERN.test(token) ? token : null;
}

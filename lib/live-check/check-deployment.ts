// The deployment's own settings that live mode depends on: PUBLIC_BASE_URL, from which every URL a
// provider calls or sends a person back to is built (so it must be the public https origin), and
// DATA_ENCRYPTION_KEYS, without which `npm start` refuses a real database and webhook secrets
// cannot be sealed (lib/crypto/data-keys.ts); and WEBHOOK_LIVE_PRIVATE_ORIGINS, the private
// origins that live webhooks may reach (lib/webhooks/url-safety.ts), each of which is an exception
// to the rule that live webhooks go to public https addresses only.
import { parseDataKeys } from "../crypto/data-keys.ts";
import { originOf } from "../webhooks/url-safety.ts";
import { fail, pass, warn, type Check, type LiveCheckTarget, type Section } from "./report.ts";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

function publicBaseUrlCheck(target: LiveCheckTarget): Check {
  const text = process.env.PUBLIC_BASE_URL?.trim();
  const name = "PUBLIC_BASE_URL";
  if (!text) {
    return fail(name, "not set: the providers' webhook URLs and the eID's redirect URI are built from it", [name]);
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail(name, "is not a URL: set the public origin, e.g. https://escrow.example.com", [name]);
  }
  if (url.protocol === "https:") return pass(name, `${url.origin}, https`, [name]);
  if (url.protocol === "http:" && LOOPBACK.has(url.hostname)) {
    const detail = `${url.origin}: plain http on loopback, which no provider can call back`;
    return target === "live" ? warn(name, detail, [name]) : pass(name, detail, [name]);
  }
  return fail(name, `${url.origin} must use https (plain http only on loopback)`, [name]);
}

function dataKeysCheck(): Check {
  const name = "DATA_ENCRYPTION_KEYS";
  if (!process.env.DATA_ENCRYPTION_KEYS?.trim()) {
    return fail(name, "not set: npm start and npm run worker refuse a real database without it", [name]);
  }
  try {
    const keys = parseDataKeys(process.env.DATA_ENCRYPTION_KEYS, name);
    return pass(name, `${keys.keys.size} key(s), sealing with key id ${keys.current}`, [name]);
  } catch {
    // parseDataKeys's message says the format; it is repeated here without the text it read.
    return fail(name, "malformed: each entry is id:key, the key 32 random bytes in base64url", [name]);
  }
}

function livePrivateOriginsCheck(target: LiveCheckTarget): Check | null {
  const name = "WEBHOOK_LIVE_PRIVATE_ORIGINS";
  const entries = (process.env[name] ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (!entries.length) return null;
  const malformed = entries.filter((entry) => !originOf(entry));
  if (malformed.length) {
    return fail(name, `not origins (scheme://host[:port], nothing after): ${malformed.join(", ")}`, [name]);
  }
  const detail = `live webhooks may reach these private origins: ${entries.join(", ")}`;
  return target === "live"
    ? warn(name, `${detail}; keep only your own private links`, [name])
    : pass(name, detail, [name]);
}

export function checkDeployment(target: LiveCheckTarget): Section {
  const privateOrigins = livePrivateOriginsCheck(target);
  return {
    id: "deployment",
    title: "Deployment",
    checks: [publicBaseUrlCheck(target), dataKeysCheck(), ...(privateOrigins ? [privateOrigins] : [])],
    register: [],
  };
}

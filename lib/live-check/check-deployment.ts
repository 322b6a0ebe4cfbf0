// The deployment's own settings that live mode depends on: PUBLIC_BASE_URL, from which every URL a
// provider calls or sends a person back to is built (so it must be the public https origin), and
// DATA_ENCRYPTION_KEYS, without which `npm start` refuses a real database and webhook secrets
// cannot be sealed (lib/crypto/data-keys.ts).
import { parseDataKeys } from "../crypto/data-keys.ts";
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

export function checkDeployment(target: LiveCheckTarget): Section {
  return {
    id: "deployment",
    title: "Deployment",
    checks: [publicBaseUrlCheck(target), dataKeysCheck()],
    register: [],
  };
}

// The key the sandbox's eID signs its ID tokens with (ES256): made when the process first needs
// it, and published at the issuer's jwks_uri. A key per process is enough, since the relying party
// that verifies a token is the process that asked for it (issuer.ts).
import { randomUUID } from "node:crypto";
import { exportJWK, generateKeyPair, type CryptoKey, type JWK } from "jose";

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

let made: Promise<SigningKey> | null = null;

export function sandboxSigningKey(): Promise<SigningKey> {
  made ??= (async () => {
    const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
    const kid = randomUUID();
    return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: "ES256", use: "sig" } };
  })();
  return made;
}

export async function sandboxJwks(): Promise<{ keys: JWK[] }> {
  return { keys: [(await sandboxSigningKey()).publicJwk] };
}

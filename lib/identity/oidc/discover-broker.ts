// The broker's metadata, discovered once per issuer and kept for a bounded time (one hour by
// default): a sign-in should not cost a discovery round trip, and a broker that rotates its
// endpoints or keys is picked up within the hour. The signing keys (JWKS) are kept with it, so an
// ID token is verified without fetching them again; openid-client fetches them anew when a token
// names a key it has not seen.
//
// openid-client checks an ID token's iss, aud, exp and nonce, but its signature only when asked
// (enableNonRepudiationChecks): a token fetched over TLS from the broker is trusted by default. The
// identity it carries becomes a KYC record, so the signature is checked too.
//
// The metadata is cached, not the client Configuration: that holds the client secret, and the cache
// key would then have to be the secret too. A Configuration is cheap to build for each sign-in.
import * as client from "openid-client";
import type { OidcEidConfig } from "./oidc-config.ts";

interface Discovered {
  metadata: client.ServerMetadata;
  jwks: client.ExportedJWKSCache | undefined;
  expiresAt: number;
}

const discovered = new Map<string, Promise<Discovered>>();

function clientConfiguration(config: OidcEidConfig, metadata: client.ServerMetadata): client.Configuration {
  const authentication =
    config.clientAuthentication === "client_secret_post"
      ? client.ClientSecretPost(config.clientSecret)
      : client.ClientSecretBasic(config.clientSecret);
  const configuration = new client.Configuration(metadata, config.clientId, undefined, authentication);
  configuration.timeout = 10;
  client.enableNonRepudiationChecks(configuration);
  if (config.allowInsecureRequests) client.allowInsecureRequests(configuration);
  if (config.inProcess) configuration[client.customFetch] = config.inProcess;
  return configuration;
}

async function discover(config: OidcEidConfig): Promise<Discovered> {
  const found = await client.discovery(config.issuer, config.clientId, undefined, undefined, {
    execute: config.allowInsecureRequests ? [client.allowInsecureRequests] : [],
    timeout: 10,
    ...(config.inProcess && { [client.customFetch]: config.inProcess }),
  });
  return { metadata: found.serverMetadata(), jwks: undefined, expiresAt: Date.now() + config.discoveryTtlMs };
}

async function current(config: OidcEidConfig): Promise<Discovered> {
  const key = config.issuer.href;
  const cached = discovered.get(key);
  if (cached) {
    const entry = await cached.catch(() => null);
    if (entry && entry.expiresAt > Date.now()) return entry;
    if (discovered.get(key) === cached) discovered.delete(key);
  }
  const pending = discover(config);
  discovered.set(key, pending);
  // A failed discovery is not kept: the next sign-in tries again.
  pending.catch(() => {
    if (discovered.get(key) === pending) discovered.delete(key);
  });
  return pending;
}

/** A client Configuration for the broker, from the cached (or freshly discovered) metadata. */
export async function brokerConfiguration(config: OidcEidConfig): Promise<client.Configuration> {
  const entry = await current(config);
  const configuration = clientConfiguration(config, entry.metadata);
  if (entry.jwks) client.setJwksCache(configuration, entry.jwks);
  return configuration;
}

/** Keeps the keys a verification fetched, for the next sign-in against the same issuer. */
export async function rememberBrokerKeys(config: OidcEidConfig, configuration: client.Configuration): Promise<void> {
  const cached = discovered.get(config.issuer.href);
  const entry = cached ? await cached.catch(() => null) : null;
  const jwks = client.getJwksCache(configuration);
  if (entry && jwks) entry.jwks = jwks;
}

/** Forgets every discovered broker (tests that restart a broker at the same address). */
export function forgetDiscoveredBrokers(): void {
  discovered.clear();
}

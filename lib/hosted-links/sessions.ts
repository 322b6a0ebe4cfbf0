// Hosted-flow sessions: the opaque link a tenant sends its user to. The token is 256 random bits
// in the address; only its hash is stored, and the session is bound to tenant, user and purpose.
import { createHash, randomBytes } from "node:crypto";
import { publicBaseUrl } from "../config.ts";
import type { Db } from "../db/client.ts";
import type { Prisma } from "../db/generated/client.ts";
import type { ApiMode, HostedSessionKind } from "../db/generated/enums.ts";
import { hostedPagePath } from "./hosted-paths.ts";

type Tx = Db | Prisma.TransactionClient;

export const HOSTED_SESSION_TTL_MS = 60 * 60 * 1000;

export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface NewHostedSession {
  tenantId: string;
  mode: ApiMode;
  kind: HostedSessionKind;
  marketplaceUserId: string;
  tradeId?: string;
  paymentId?: string;
  successUrl?: string;
  cancelUrl?: string;
  returnUrl?: string;
  appSwitch?: Prisma.InputJsonValue;
  forceOnboarding?: boolean;
  requiredKycLevel?: number | null;
  now: Date;
}

/** A new session's secrets and row, not yet stored (initiate-trade writes it in its own statement). */
export function newHostedSession(input: NewHostedSession) {
  const token = randomBytes(32).toString("base64url");
  const { now, ...fields } = input;
  return {
    token,
    redirectUrl: `${publicBaseUrl()}${hostedPagePath(input.kind, token)}`,
    row: {
      ...fields,
      tokenHash: hashSessionToken(token),
      csrfToken: randomBytes(24).toString("base64url"),
      expiresAt: new Date(now.getTime() + HOSTED_SESSION_TTL_MS),
    },
  };
}

/** Creates the session and returns the address to send the user to. */
export async function createHostedSession(
  tx: Tx,
  input: NewHostedSession,
): Promise<{ id: string; token: string; redirectUrl: string }> {
  const { token, redirectUrl, row } = newHostedSession(input);
  const session = await tx.hostedSession.create({ data: row, select: { id: true } });
  return { id: session.id, token, redirectUrl };
}

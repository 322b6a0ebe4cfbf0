// Opening a hosted link, for its page (GET) and its forms (POST). A link works only for its own
// kind of page, until it expires, and only in one browser: the first browser that comes back with
// our browser cookie claims it (lib/hosted/cookies.ts). A forwarded or leaked link then shows
// "open in another browser" to anyone else, and a form post from elsewhere changes nothing.
import { createHash, timingSafeEqual } from "node:crypto";
import { tenantNow } from "../clock.ts";
import { db } from "../db/client.ts";
import type { HostedSession, Tenant } from "../db/generated/client.ts";
import type { HostedSessionKind } from "../db/generated/enums.ts";
import { isLiveModeOpen } from "../outside-parties.ts";
import { hashSessionToken } from "../hosted-links/sessions.ts";

export type SessionWithTenant = HostedSession & { tenant: Tenant };

/** The ids each kind of session is about: a checkout and a status page name a trade, a payment flow its payment. */
interface IdsOf {
  Connect: object;
  Checkout: { tradeId: string };
  PaymentFlow: { paymentId: string };
  TradeStatus: { tradeId: string };
  PayoutAccount: object;
}
const REQUIRED_IDS: { [K in HostedSessionKind]: (keyof HostedSession)[] } = {
  Connect: [],
  Checkout: ["tradeId"],
  PaymentFlow: ["paymentId"],
  TradeStatus: ["tradeId"],
  PayoutAccount: [],
};

/** A session of one kind, with the ids that kind is about (checked when it is opened). */
export type SessionOf<K extends HostedSessionKind> = SessionWithTenant & { kind: K } & IdsOf[K];

function isSessionOf<K extends HostedSessionKind>(session: SessionWithTenant, kind: K): session is SessionOf<K> {
  return session.kind === kind && REQUIRED_IDS[kind].every((id) => session[id] !== null);
}

/** Why a link cannot be used (each has its own explanation page). */
export type LinkProblem = "unknown" | "expired" | "other-browser" | "live-closed";

export type OpenedSession<K extends HostedSessionKind = HostedSessionKind> =
  | { ok: true; session: SessionOf<K>; now: Date }
  | { ok: false; problem: LinkProblem; session: SessionWithTenant | null };

const hashBrowserId = (browserId: string) => createHash("sha256").update(browserId).digest("hex");

export async function openSession<K extends HostedSessionKind>(
  kind: K,
  token: string,
  browserId: string | undefined,
): Promise<OpenedSession<K>> {
  let session = await db.hostedSession.findUnique({
    where: { tokenHash: hashSessionToken(token) },
    include: { tenant: true },
  });
  // A session of another kind, or (a bug) without the ids its kind is about, is no link here.
  if (!session || !isSessionOf(session, kind)) return { ok: false, problem: "unknown", session: null };
  // A live link made before live mode closed (or by a bug) must never reach a simulated card
  // form or test identity: its page explains, and its forms change nothing.
  if (session.mode === "live" && !isLiveModeOpen()) return { ok: false, problem: "live-closed", session };

  if (session.browserHash === null && browserId) {
    // Claim the link for this browser; of two browsers racing, the conditional update picks one.
    const claimed = await db.hostedSession.updateMany({
      where: { id: session.id, browserHash: null },
      data: { browserHash: hashBrowserId(browserId) },
    });
    session =
      claimed.count === 1
        ? { ...session, browserHash: hashBrowserId(browserId) }
        : await db.hostedSession.findUniqueOrThrow({ where: { id: session.id }, include: { tenant: true } });
  }
  if (session.browserHash !== null && (!browserId || !sameHash(session.browserHash, hashBrowserId(browserId)))) {
    return { ok: false, problem: "other-browser", session };
  }
  if (!isSessionOf(session, kind)) return { ok: false, problem: "unknown", session: null };
  const now = tenantNow(session.tenant, session.mode);
  // A finished session stays viewable (its page offers the way back); an open one lapses.
  if (session.state === "Open" && session.expiresAt <= now) return { ok: false, problem: "expired", session };
  return { ok: true, session, now };
}

/** The anti-CSRF token a form sent, compared in constant time with the session's. */
export function csrfTokenMatches(session: HostedSession, sent: FormDataEntryValue | null): boolean {
  if (typeof sent !== "string" || !session.csrfToken) return false;
  return sameHash(
    createHash("sha256").update(sent).digest("hex"),
    createHash("sha256").update(session.csrfToken).digest("hex"),
  );
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

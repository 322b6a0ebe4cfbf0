// next-auth for the tenant console: email and password (Credentials), JWT sessions in an HttpOnly
// SameSite=Lax cookie (Secure over https), 8 hours. The token carries only the staff id and the
// member's session version; pages and actions load the staff user on every request
// (lib/console/auth/staff-session.ts), so a disabled user, a changed role or ended sessions take
// effect at once.
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { clientAddress } from "../../http/client-address.ts";
import { cookies } from "next/headers";
import { authorizeStaff } from "./authorize-staff.ts";
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE_S,
  deviceCookieOf,
  knownStaffIds,
  rememberDevice,
} from "./known-devices.ts";
import { endSessionOnSignOut } from "./sign-out.ts";

export const SESSION_MAX_AGE_S = 8 * 60 * 60;

export const authOptions: NextAuthOptions = {
  secret: process.env.NEXTAUTH_SECRET,
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
  pages: { signIn: "/console/sign-in", error: "/console/sign-in" },
  providers: [
    CredentialsProvider({
      id: "credentials",
      name: "Email and password",
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
        tenantId: { label: "Marketplace", type: "text" },
      },
      async authorize(credentials, request) {
        const headers = request?.headers as Record<string, string | undefined> | undefined;
        const result = await authorizeStaff(credentials?.email ?? "", credentials?.password ?? "", {
          client: clientAddress(headers),
          knownStaffIds: knownStaffIds(deviceCookieOf(headers?.cookie)),
          tenantId: credentials?.tenantId || undefined,
        });
        if (result.ok)
          return {
            id: result.staff.id,
            email: result.staff.email,
            name: result.staff.name,
            sessionVersion: result.staff.sessionVersion,
          };
        // next-auth hands the message to the sign-in page as ?error=…
        if (result.reason === "rate-limited") throw new Error(`rate-limited:${result.retryAfterSeconds}`);
        if (result.reason === "choose-marketplace")
          throw new Error(`choose-marketplace:${Buffer.from(JSON.stringify(result.choices)).toString("base64url")}`);
        return null;
      },
    }),
  ],
  events: {
    // The browser becomes a known device of the member (known-devices.ts). The sign-in runs in
    // next-auth's route handler, where Next lets us add a cookie to its answer.
    async signIn({ user }) {
      try {
        const store = await cookies();
        store.set(DEVICE_COOKIE, rememberDevice(store.get(DEVICE_COOKIE)?.value, user.id), {
          httpOnly: true,
          sameSite: "lax",
          secure: (process.env.NEXTAUTH_URL ?? "").startsWith("https://"),
          path: "/",
          maxAge: DEVICE_COOKIE_MAX_AGE_S,
        });
      } catch {
        // Outside a request (tests calling the callbacks): nothing to remember.
      }
    },
    // Signing out clears this browser's cookie; without this a copy of it kept working for 8 hours.
    async signOut({ token }) {
      if (token?.staffId) await endSessionOnSignOut(String(token.staffId), Number(token.sessionVersion ?? 0));
    },
  },
  callbacks: {
    jwt({ token, user }) {
      if (user) {
        token.staffId = user.id;
        token.sessionVersion = (user as { sessionVersion?: number }).sessionVersion ?? 0;
      }
      return token;
    },
    session({ session, token }) {
      return {
        ...session,
        staffId: token.staffId as string | undefined,
        sessionVersion: (token.sessionVersion as number | undefined) ?? 0,
      };
    },
  },
};

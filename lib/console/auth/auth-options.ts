// next-auth for the tenant console: email and password (Credentials), JWT sessions in an HttpOnly
// SameSite=Lax cookie (Secure over https), 8 hours. The token carries only the staff id and the
// member's session version; pages and actions load the staff user on every request
// (lib/console/auth/staff-session.ts), so a disabled user, a changed role or ended sessions take
// effect at once.
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { clientAddress } from "../../http/client-address.ts";
import { authorizeStaff } from "./authorize-staff.ts";
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
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials, request) {
        const result = await authorizeStaff(credentials?.email ?? "", credentials?.password ?? "", clientAddress(request?.headers as Record<string, string | undefined> | undefined));
        if (result.ok) return { id: result.staff.id, email: result.staff.email, name: result.staff.name, sessionVersion: result.staff.sessionVersion };
        // next-auth hands the message to the sign-in page as ?error=…
        if (result.reason === "rate-limited") throw new Error(`rate-limited:${result.retryAfterSeconds}`);
        return null;
      },
    }),
  ],
  events: {
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
      return { ...session, staffId: token.staffId as string | undefined, sessionVersion: (token.sessionVersion as number | undefined) ?? 0 };
    },
  },
};

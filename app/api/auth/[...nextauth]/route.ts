// GET|POST /api/auth/* – next-auth's endpoints for the tenant console's sign-in (not the v1 API)
import NextAuth from "next-auth";
import { authOptions } from "@/lib/console/auth/auth-options.ts";

const handler = NextAuth(authOptions);

export { handler as GET, handler as POST };

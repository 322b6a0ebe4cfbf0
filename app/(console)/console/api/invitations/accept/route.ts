// POST /console/api/invitations/accept – the invitee sets their password with the link's token
// (no session yet: the token is the credential; it must come from our own page).
import { z } from "zod";
import { isSameOrigin } from "@/lib/hosted/form-post.ts";
import { acceptInvitation, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/lib/tenants/invite-staff.ts";
import { db } from "@/lib/db/client.ts";

const Body = z.strictObject({ token: z.string().min(1).max(100), password: z.string().max(MAX_PASSWORD_LENGTH) });

const json = (body: unknown, status: number) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

export async function POST(request: Request): Promise<Response> {
  if (!isSameOrigin(request)) return json({ error: "Changes come only from the console's own pages." }, 403);
  const parsed = Body.safeParse(await request.json().catch(() => undefined));
  if (!parsed.success) return json({ error: "The request is not valid." }, 400);
  const result = await acceptInvitation(db, parsed.data.token, parsed.data.password);
  if (result.ok) return json({ email: result.email }, 200);
  if (result.reason === "weak-password") {
    const message = `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`;
    return json({ error: message, errors: [{ key: "password", value: message }] }, 400);
  }
  return json({ error: "This invitation link has expired or was already used. Ask an admin for a new one." }, 410);
}

// POST /console/api/invitations/accept – the invitee sets their password with the link's token
// (no session yet: the token is the credential; it must come from our own page).
import { AppError } from "@/lib/errors.ts";
import { readJsonBody } from "@/lib/http/request-body.ts";
import { isSameOrigin } from "@/lib/hosted/form-post.ts";
import { AcceptInvitationBody, acceptStaffInvitation } from "@/lib/console/team/accept-staff-invitation.ts";
import { MIN_PASSWORD_LENGTH } from "@/lib/tenants/invite-staff.ts";

const json = (body: unknown, status: number) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

export async function POST(request: Request): Promise<Response> {
  if (!isSameOrigin(request)) return json({ error: "Changes come only from the console's own pages." }, 403);
  let body: unknown;
  try {
    body = (await readJsonBody(request, 16 * 1024)).json;
  } catch (error) {
    if (error instanceof AppError) return json({ error: error.message, code: error.code }, error.status);
    throw error;
  }
  const parsed = AcceptInvitationBody.safeParse(body);
  if (!parsed.success) return json({ error: "The request is not valid." }, 400);
  const result = await acceptStaffInvitation(parsed.data);
  if (result.ok) return json({ email: result.email }, 200);
  if (result.reason === "weak-password") {
    const message = `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`;
    return json({ error: message, errors: [{ key: "password", value: message }] }, 400);
  }
  return json({ error: "This invitation link has expired or was already used. Ask an admin for a new one." }, 410);
}

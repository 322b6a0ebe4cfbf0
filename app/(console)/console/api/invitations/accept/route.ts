// POST /console/api/invitations/accept – the invitee sets their password with the link's token
// (no session yet: the token is the credential; it must come from our own page).
import { consoleTokenRoute } from "@/lib/console/token-route.ts";
import { acceptStaffInvitation } from "@/lib/console/team/accept-staff-invitation.ts";
import { invitationAccept } from "@/lib/console/operations/invitations.ts";
import { MIN_PASSWORD_LENGTH } from "@/lib/tenants/invite-staff.ts";

export const POST = consoleTokenRoute(invitationAccept, async (body) => {
  const result = await acceptStaffInvitation(body);
  if (result.ok) return { status: 200, body: { email: result.email } };
  if (result.reason === "weak-password") {
    const message = `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`;
    return { status: 400, body: { error: message, errors: [{ key: "password", value: message }] } };
  }
  return {
    status: 410,
    body: { error: "This invitation link has expired or was already used. Ask an admin for a new one." },
  };
});

// An invitee accepting their invitation from /console/invite/{token}: the link's token is the
// credential (there is no session yet), the password becomes theirs, the link is used up.
import { z } from "zod";
import { db } from "../../db/client.ts";
import { acceptInvitation, MAX_PASSWORD_LENGTH } from "../../tenants/invite-staff.ts";

export const AcceptInvitationBody = z.strictObject({
  token: z.string().min(1).max(100),
  password: z.string().max(MAX_PASSWORD_LENGTH),
});

export function acceptStaffInvitation(body: z.output<typeof AcceptInvitationBody>) {
  return acceptInvitation(db, body.token, body.password);
}

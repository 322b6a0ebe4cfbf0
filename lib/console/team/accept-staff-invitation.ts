// An invitee accepting their invitation from /console/invite/{token}: the link's token is the
// credential (there is no session yet), the password becomes theirs, the link is used up.
import type { z } from "zod";
import { db } from "../../db/client.ts";
import { acceptInvitation } from "../../tenants/invite-staff.ts";
import { AcceptInvitationBody } from "./team-bodies.ts";

// Declared with the other bodies the pages import too; still found here by its older importers.
export { AcceptInvitationBody };

export function acceptStaffInvitation(body: z.output<typeof AcceptInvitationBody>) {
  return acceptInvitation(db, body.token, body.password);
}

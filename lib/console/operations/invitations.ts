// The one console endpoint without a session: the invitee sets their password with the link's token.
import { AcceptInvitationBody } from "../team/team-bodies.ts";
import { consoleOperation } from "./operation.ts";

export const invitationAccept = consoleOperation<{ email: string }>()({
  method: "POST",
  path: "/console/api/invitations/accept",
  body: AcceptInvitationBody,
});

// The bodies of the team's console endpoints: inviting a member, and the invitee accepting. Kept
// apart from the use cases because the pages import them (through lib/console/operations) too.
import { z } from "zod";
import { MAX_PASSWORD_LENGTH } from "../../tenants/password-lengths.ts";

export const InviteBody = z.strictObject({
  email: z.string().trim().max(320).pipe(z.email("Enter an email address such as ana@shop.example.")),
  name: z.string().trim().max(120, "At most 120 characters.").optional(),
  role: z.enum(["admin", "viewer"], "Choose admin or viewer."),
});

export const AcceptInvitationBody = z.strictObject({
  token: z.string().min(1).max(100),
  password: z.string().max(MAX_PASSWORD_LENGTH),
});

/** A member's role, or whether they may sign in: what an admin changes (lib/console/team/change-member.ts). */
export const RoleBody = z.strictObject({ role: z.enum(["admin", "viewer"], "Choose admin or viewer.") });
export const AccessBody = z.strictObject({ disabled: z.boolean() });

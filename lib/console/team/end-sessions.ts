// An admin ends every console session of a member — a lost laptop, a shared computer, a cookie
// that may have been copied — or their own in every browser. Sessions are stateless cookies
// (next-auth JWTs), so this raises the member's session version: a cookie carrying an older one
// finds no session on its next request (staff-session.ts). The member can sign in again at once;
// to keep them out, disable them instead.
import { AppError } from "../../errors.ts";
import { db } from "../../db/client.ts";
import { assertAdmin, type StaffContext } from "../auth/staff-session.ts";

export async function endMemberSessions(context: StaffContext, staffId: string) {
  assertAdmin(context);
  const { count } = await db.staffUser.updateMany({
    where: { id: staffId, tenantId: context.tenant.id },
    data: { sessionVersion: { increment: 1 } },
  });
  if (count === 0) throw AppError.notFound(`Staff member ${JSON.stringify(staffId)}`);
  return { staffId, sessionsEnded: true, you: staffId === context.staff.id };
}

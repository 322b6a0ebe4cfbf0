// Signing out of the console ends the session for good. Sessions are stateless cookies (next-auth
// JWTs): clearing the browser's copy does not stop a copy made before (a shared computer, a
// stolen cookie). So signing out raises the member's session version, as "Sign out everywhere"
// does (lib/console/team/end-sessions.ts): every cookie of the member, this one included, is
// signed out on its next request. Only a cookie that is still current can do it, so an old cookie
// replayed to the sign-out endpoint cannot sign the member out again and again.
import { db } from "../../db/client.ts";

export async function endSessionOnSignOut(staffId: string, sessionVersion: number): Promise<void> {
  await db.staffUser.updateMany({ where: { id: staffId, sessionVersion }, data: { sessionVersion: { increment: 1 } } });
}

// Why a hosted link cannot be used (unknown, expired, open in another browser, no cookies), in
// words a payer understands, with the way back when it is safe to offer one.
import type { LinkProblem } from "@/lib/hosted/open-session.ts";
import type { SessionWithTenant } from "@/lib/hosted/open-session.ts";
import { webTarget } from "@/lib/hosted/return-target.ts";
import type { Messages } from "@/lib/i18n/index.ts";
import type { Locale } from "@/lib/locale.ts";
import { HostedShell, shellFor } from "./hosted-shell.tsx";
import { LinkButton } from "./ui.tsx";

export function LinkProblemPage({
  page,
  problem,
  session,
  path,
}: {
  page: { locale: Locale; t: Messages; nonce?: string };
  problem: LinkProblem | "cookies";
  session: SessionWithTenant | null;
  path: string;
}) {
  const { t } = page;
  const text = t.problems[problem];
  // An expired link may lead back to the tenant (with the reason); a link open in another browser
  // may not: whoever sees that page is not necessarily the user.
  const back = problem === "expired" && session ? webTarget(session, { kind: "cancel", reason: "expired" }) : null;
  const shell = shellFor(page, problem === "unknown" ? null : session, path);
  return (
    <HostedShell {...shell}>
      <h1 className="text-xl font-semibold text-balance">{text.title}</h1>
      <p className="mt-2 text-slate-700">{text.body}</p>
      {back && shell.marketplace && (
        <div className="mt-6">
          <LinkButton href={back}>{t.common.returnTo(shell.marketplace)}</LinkButton>
        </div>
      )}
    </HostedShell>
  );
}

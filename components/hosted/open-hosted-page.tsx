// The start of every hosted page: answer with the explanation page when its link cannot be used;
// otherwise the session, the words and the shell's props.
import type { ReactNode } from "react";
import type { HostedSessionKind } from "@/lib/db/generated/enums.ts";
import type { HostedPage, HostedPageProps } from "@/lib/hosted/hosted-page.ts";
import type { SearchParams } from "@/lib/http/page-request.ts";
import { hostedPagePath } from "@/lib/hosted-links/hosted-paths.ts";
import type { SessionOf } from "@/lib/hosted/open-session.ts";
import { shellFor, type ShellProps } from "./hosted-shell.tsx";
import { LinkProblemPage } from "./link-problem.tsx";

export type OpenedPage<K extends HostedSessionKind = HostedSessionKind> = {
  page: HostedPage<K>;
  /** The session of the page's kind, with the ids that kind is about. */
  session: SessionOf<K>;
  shell: ShellProps;
  marketplace: string;
  base: string;
  token: string;
  search: SearchParams;
};

export function openHostedPage<K extends HostedSessionKind>(
  kind: K,
  { page, token, search }: HostedPageProps<K>,
): { problem: ReactNode } | OpenedPage<K> {
  const base = hostedPagePath(kind, token);
  if (!page.opened.ok)
    return {
      problem: <LinkProblemPage page={page} problem={page.opened.problem} session={page.opened.session} path={base} />,
    };
  const session = page.opened.session as SessionOf<K>;
  const shell = shellFor(page, session, base);
  return { page, session, shell, marketplace: shell.marketplace!, base, token, search };
}

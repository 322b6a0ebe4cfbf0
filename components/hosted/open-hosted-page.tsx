// The start of every hosted page: load its link, and answer with the explanation page when the
// link cannot be used; otherwise the session, the words and the shell's props.
import type { ReactNode } from "react";
import type { HostedSessionKind } from "@/lib/db/generated/enums.ts";
import { loadHostedPage, param, type HostedPage, type HostedPageProps } from "@/lib/hosted/hosted-page.ts";
import { hostedPagePath } from "@/lib/hosted-links/hosted-paths.ts";
import type { SessionOf } from "@/lib/hosted/open-session.ts";
import { shellFor, type ShellProps } from "./hosted-shell.tsx";
import { LinkProblemPage } from "./link-problem.tsx";

export type OpenedPage<K extends HostedSessionKind = HostedSessionKind> = {
  page: HostedPage;
  /** The session of the page's kind, with the ids that kind is about. */
  session: SessionOf<K>;
  shell: ShellProps;
  marketplace: string;
  base: string;
  token: string;
  search: Record<string, string | string[] | undefined>;
};

export async function openHostedPage<K extends HostedSessionKind>(
  kind: K,
  { params, searchParams }: HostedPageProps,
): Promise<{ problem: ReactNode } | OpenedPage<K>> {
  const [{ token }, search] = await Promise.all([params, searchParams]);
  const page = await loadHostedPage(kind, token, param(search.lang));
  const base = hostedPagePath(kind, token);
  if (!page.opened.ok)
    return {
      problem: <LinkProblemPage page={page} problem={page.opened.problem} session={page.opened.session} path={base} />,
    };
  const { session } = page.opened;
  const shell = shellFor(page, session, base);
  return { page, session, shell, marketplace: shell.marketplace!, base, token, search };
}

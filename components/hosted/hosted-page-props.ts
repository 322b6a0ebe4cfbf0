// getServerSideProps of a page opened by a hosted link (pages/<page>/[token].tsx): load the link
// once for the request, then render the page, titled in its language.
import type { ReactNode } from "react";
import type { HostedSessionKind } from "@/lib/db/generated/enums.ts";
import { loadHostedPage, type HostedPage, type HostedPageProps } from "@/lib/hosted/hosted-page.ts";
import { staticPageProps } from "../static-page.tsx";

export function hostedPageProps<K extends HostedSessionKind>(
  kind: K,
  title: (t: HostedPage["t"]) => string,
  render: (props: HostedPageProps<K>) => ReactNode | Promise<ReactNode>,
) {
  return staticPageProps<"token">(async (request, { token }) => {
    const page = await loadHostedPage(kind, token, request);
    return { title: title(page.t), body: await render({ page, token, search: request.search }), noindex: true };
  });
}

// A page sent as plain HTML, with no Next or React JavaScript: the hosted pages are forms that post
// to route handlers, and the API reference is text with a search of a few lines of its own.
//
// The App Router always sends its client runtime (six scripts, 136 KB gzipped, and the blocking
// time Lighthouse's mobile run finds on every page: docs/performance.md); the Pages Router sends
// none for a page that exports `const config: PageConfig = { unstable_runtimeJS: false }`, which
// each page declares in its own file, where Next looks for it. Such a page renders on the server
// once, here: its reads are async, and with no runtime nothing ever hydrates, so its markup
// travels as a string.
import type { GetServerSideProps, GetServerSidePropsContext } from "next";
import Head from "next/head";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { PageRequest } from "@/lib/http/page-request.ts";

export type StaticPageProps = { title: string; html: string; noindex: boolean };

/** What a page renders: its title (without the site's name) and its body; null is a 404. */
export type RenderedPage = { title: string; body: ReactNode; noindex?: boolean } | null;

/** getServerSideProps of a static page: the request's cookies, headers and query in, its markup out. */
export function staticPageProps<Param extends string>(
  render: (request: PageRequest, params: Record<Param, string>) => Promise<RenderedPage> | RenderedPage,
): GetServerSideProps<StaticPageProps> {
  return async (context) => {
    const page = await render(pageRequest(context), routeParams(context) as Record<Param, string>);
    if (!page) return { notFound: true };
    return { props: { title: page.title, html: renderToStaticMarkup(page.body), noindex: page.noindex ?? false } };
  };
}

export default function StaticPage({ title, html, noindex }: StaticPageProps) {
  return (
    <>
      <Head>
        <title>{`${title} · Escrow`}</title>
        {noindex && <meta name="robots" content="noindex, nofollow" />}
      </Head>
      {/* `contents`: the wrapper takes no box, so the page's own root lays out as it would alone. */}
      <div className="contents" dangerouslySetInnerHTML={{ __html: html }} />
    </>
  );
}

function pageRequest({ req, resolvedUrl }: GetServerSidePropsContext): PageRequest {
  const query = new URL(resolvedUrl, "http://page.invalid").searchParams;
  const search: PageRequest["search"] = {};
  for (const name of new Set(query.keys())) {
    const values = query.getAll(name);
    search[name] = values.length === 1 ? values[0] : values;
  }
  return { cookies: req.cookies, headers: req.headers, search };
}

function routeParams({ params }: GetServerSidePropsContext): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params ?? {}).map(([name, value]) => [name, Array.isArray(value) ? value.join("/") : (value ?? "")]),
  );
}

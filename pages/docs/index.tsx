// /docs – the API reference's index, rendered on the server from the app's own OpenAPI document:
// every operation, webhook event and schema in one line with a search, each opening its own page
// (pages/docs/operations, webhooks, schemas, errors). Small enough for a phone (e2e/docs.spec.ts).
// Its only script is its own (the search and the old anchors' forwarding), a few hundred bytes
// inline with the request's CSP nonce: no Next or React runtime (components/static-page.tsx).
import type { PageConfig } from "next";
import { IndexSearch } from "@/components/api-reference/index-search.tsx";
import { LegacyAnchors } from "@/components/api-reference/legacy-anchors.tsx";
import { SPEC_HREF } from "@/components/api-reference/links.ts";
import { groupByTag } from "@/components/api-reference/openapi-model.ts";
import { PageHeader } from "@/components/api-reference/page-header.tsx";
import { referenceDocument } from "@/components/api-reference/reference-document.ts";
import { INDEX_ID, IndexContents, ReferenceIndex } from "@/components/api-reference/reference-index.tsx";
import StaticPage, { staticPageProps } from "@/components/static-page.tsx";
import { header } from "@/lib/http/page-request.ts";

export const config: PageConfig = { unstable_runtimeJS: false };
export const getServerSideProps = staticPageProps((request) => ({
  title: "API reference",
  body: <ApiReferenceIndex nonce={header(request, "x-nonce")} />,
}));
export default StaticPage;

function ApiReferenceIndex({ nonce }: { nonce?: string }) {
  const document = referenceDocument();
  const groups = groupByTag(document);
  return (
    <div className="min-h-screen bg-slate-50">
      <a
        href="#content"
        className={
          "sr-only rounded-md bg-white px-3 py-2 text-sm font-semibold text-brand-700 shadow " +
          "focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
        }
      >
        Skip to content
      </a>
      <PageHeader document={document} specUrl={SPEC_HREF}>
        <IndexSearch indexId={INDEX_ID} nonce={nonce} />
      </PageHeader>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-10 lg:px-8">
        <aside className="lg:self-stretch">
          <IndexContents document={document} groups={groups} />
        </aside>
        <main id="content" className="min-w-0 py-10">
          <ReferenceIndex document={document} groups={groups} />
          <LegacyAnchors nonce={nonce} />
        </main>
      </div>
    </div>
  );
}

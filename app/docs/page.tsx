// /docs – the API reference, rendered on the server from the app's own OpenAPI document.
import { connection } from "next/server";
import { openApiDocument } from "@/lib/api/openapi.ts";
import { ErrorsSection } from "@/components/api-reference/errors-section.tsx";
import { InlineText } from "@/components/api-reference/inline-text.tsx";
import { groupByTag, readDocument, slug } from "@/components/api-reference/openapi-model.ts";
import { OperationSection } from "@/components/api-reference/operation-section.tsx";
import { PageHeader } from "@/components/api-reference/page-header.tsx";
import { SchemasSection } from "@/components/api-reference/schemas-section.tsx";
import { TableOfContents } from "@/components/api-reference/table-of-contents.tsx";

export const metadata = { title: "API reference" };

export default async function ApiReferencePage() {
  // Rendered per request: the base URL comes from the server's environment (PUBLIC_BASE_URL).
  await connection();
  const raw: unknown = openApiDocument();
  const document = readDocument(raw);
  const groups = groupByTag(document);
  const schemaNames = Object.keys(document.schemas);
  return (
    <div className="min-h-screen bg-slate-50">
      <a href="#content" className="sr-only rounded-md bg-white px-3 py-2 text-sm font-semibold text-brand-700 shadow focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50">
        Skip to content
      </a>
      <PageHeader document={document} specUrl="/api/v1/openapi.json" />
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10 lg:px-8">
        <aside className="lg:self-stretch">
          <TableOfContents groups={groups} schemaNames={schemaNames} />
        </aside>
        <main id="content" className="min-w-0 space-y-16 py-10">
          {groups.map((group) => (
            <section key={group.tag.name} id={`tag-${slug(group.tag.name)}`} aria-labelledby={`tag-${slug(group.tag.name)}-title`} className="scroll-mt-6 space-y-6">
              <div>
                <h2 id={`tag-${slug(group.tag.name)}-title`} className="text-2xl font-bold tracking-tight text-slate-900">
                  {group.tag.name}
                </h2>
                {group.tag.description && (
                  <p className="mt-2 max-w-3xl leading-7 text-slate-700">
                    <InlineText text={group.tag.description} />
                  </p>
                )}
              </div>
              {group.operations.map((operation) => (
                <OperationSection key={`${operation.method} ${operation.path}`} operation={operation} schemas={document.schemas} baseUrl={document.baseUrl} />
              ))}
            </section>
          ))}
          <ErrorsSection schemas={document.schemas} operations={document.operations} />
          <SchemasSection schemas={document.schemas} />
        </main>
      </div>
    </div>
  );
}

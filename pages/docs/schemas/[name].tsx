// /docs/schemas/{name} – one named schema of the API reference: its fields and where it is used.
import type { PageConfig } from "next";
import { DocsFrame } from "@/components/api-reference/docs-frame.tsx";
import { referenceDocument } from "@/components/api-reference/reference-document.ts";
import { SchemaSection } from "@/components/api-reference/schema-section.tsx";
import StaticPage, { staticPageProps } from "@/components/static-page.tsx";

// Plain HTML: no JavaScript at all (components/static-page.tsx).
export const config: PageConfig = { unstable_runtimeJS: false };
export const getServerSideProps = staticPageProps<"name">((_request, { name }) => {
  const document = referenceDocument();
  if (!Object.hasOwn(document.schemas, name)) return null;
  return {
    title: `${name} · API reference`,
    body: (
      <DocsFrame trail={[{ label: "Schemas", href: "/docs#schemas" }, { label: name }]}>
        <SchemaSection name={name} document={document} />
      </DocsFrame>
    ),
  };
});
export default StaticPage;

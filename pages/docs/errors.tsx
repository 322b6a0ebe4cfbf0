// /docs/errors – the error record every failure answers and its type codes, with the operations
// that return each.
import type { PageConfig } from "next";
import { DocsFrame } from "@/components/api-reference/docs-frame.tsx";
import { ErrorsSection } from "@/components/api-reference/errors-section.tsx";
import { referenceDocument } from "@/components/api-reference/reference-document.ts";
import StaticPage, { staticPageProps } from "@/components/static-page.tsx";

// Plain HTML: no JavaScript at all (components/static-page.tsx).
export const config: PageConfig = { unstable_runtimeJS: false };
export const getServerSideProps = staticPageProps(() => {
  const document = referenceDocument();
  return {
    title: "Errors · API reference",
    body: (
      <DocsFrame trail={[{ label: "Errors" }]}>
        <ErrorsSection schemas={document.schemas} operations={document.operations} />
      </DocsFrame>
    ),
  };
});
export default StaticPage;

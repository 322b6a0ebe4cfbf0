// /docs/operations/{operationId} – one operation of the API reference, whole. Rendered per request:
// the examples use the server's base URL (PUBLIC_BASE_URL).
import type { PageConfig } from "next";
import { DocsFrame, Pager } from "@/components/api-reference/docs-frame.tsx";
import { operationHref, tagAnchor } from "@/components/api-reference/links.ts";
import { groupByTag, type ApiOperation } from "@/components/api-reference/openapi-model.ts";
import { OperationSection } from "@/components/api-reference/operation-section.tsx";
import { referenceDocument } from "@/components/api-reference/reference-document.ts";
import StaticPage, { staticPageProps } from "@/components/static-page.tsx";

// Plain HTML: no JavaScript at all (components/static-page.tsx).
export const config: PageConfig = { unstable_runtimeJS: false };
export const getServerSideProps = staticPageProps<"operationId">((_request, { operationId }) => {
  const found = findOperation(operationId);
  if (!found) return null;
  const { operation, tag, order } = found;
  const document = referenceDocument();
  const at = order.indexOf(operation);
  const previous = order[at - 1];
  const next = order[at + 1];
  return {
    title: `${operation.summary} · API reference`,
    body: (
      <DocsFrame trail={[{ label: tag, href: `/docs#${tagAnchor(tag)}` }, { label: operation.summary }]}>
        <OperationSection operation={operation} schemas={document.schemas} baseUrl={document.baseUrl} />
        <Pager
          previous={previous && { label: previous.summary, href: operationHref(previous.operationId) }}
          next={next && { label: next.summary, href: operationHref(next.operationId) }}
        />
      </DocsFrame>
    ),
  };
});
export default StaticPage;

function findOperation(
  operationId: string,
): { operation: ApiOperation; tag: string; order: ApiOperation[] } | undefined {
  const order = groupByTag(referenceDocument()).flatMap((group) =>
    group.operations.map((operation) => ({ operation, tag: group.tag.name })),
  );
  const found = order.find((entry) => entry.operation.operationId === operationId);
  return found && { ...found, order: order.map((entry) => entry.operation) };
}

// /docs/operations/{operationId} – one operation of the API reference, whole.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { DocsFrame, Pager } from "@/components/api-reference/docs-frame.tsx";
import { operationHref, tagAnchor } from "@/components/api-reference/links.ts";
import { groupByTag, type ApiOperation } from "@/components/api-reference/openapi-model.ts";
import { OperationSection } from "@/components/api-reference/operation-section.tsx";
import { referenceDocument } from "../../reference-document.ts";

type Props = { params: Promise<{ operationId: string }> };

function findOperation(
  operationId: string,
): { operation: ApiOperation; tag: string; order: ApiOperation[] } | undefined {
  const order = groupByTag(referenceDocument()).flatMap((group) =>
    group.operations.map((operation) => ({ operation, tag: group.tag.name })),
  );
  const found = order.find((entry) => entry.operation.operationId === operationId);
  return found && { ...found, order: order.map((entry) => entry.operation) };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = findOperation((await params).operationId);
  return { title: found ? `${found.operation.summary} · API reference` : "API reference" };
}

export default async function OperationPage({ params }: Props) {
  // Rendered per request: the examples use the server's base URL (PUBLIC_BASE_URL).
  await connection();
  const found = findOperation((await params).operationId);
  if (!found) notFound();
  const { operation, tag, order } = found;
  const document = referenceDocument();
  const at = order.indexOf(operation);
  const previous = order[at - 1];
  const next = order[at + 1];
  return (
    <DocsFrame trail={[{ label: tag, href: `/docs#${tagAnchor(tag)}` }, { label: operation.summary }]}>
      <OperationSection operation={operation} schemas={document.schemas} baseUrl={document.baseUrl} />
      <Pager
        previous={previous && { label: previous.summary, href: operationHref(previous.operationId) }}
        next={next && { label: next.summary, href: operationHref(next.operationId) }}
      />
    </DocsFrame>
  );
}

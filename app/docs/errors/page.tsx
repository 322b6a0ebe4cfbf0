// /docs/errors – the error record every failure answers and its type codes, with the operations
// that return each.
import { connection } from "next/server";
import { DocsFrame } from "@/components/api-reference/docs-frame.tsx";
import { ErrorsSection } from "@/components/api-reference/errors-section.tsx";
import { referenceDocument } from "../reference-document.ts";

export const metadata = { title: "Errors · API reference" };

export default async function ErrorsPage() {
  // Rendered per request, like every page: its scripts carry the request's CSP nonce (proxy.ts).
  await connection();
  const document = referenceDocument();
  return (
    <DocsFrame trail={[{ label: "Errors" }]}>
      <ErrorsSection schemas={document.schemas} operations={document.operations} />
    </DocsFrame>
  );
}

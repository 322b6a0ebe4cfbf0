// /docs/schemas/{name} – one named schema of the API reference: its fields and where it is used.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { DocsFrame } from "@/components/api-reference/docs-frame.tsx";
import { SchemaSection } from "@/components/api-reference/schema-section.tsx";
import { referenceDocument } from "../../reference-document.ts";

type Props = { params: Promise<{ name: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `${(await params).name} · API reference` };
}

export default async function SchemaPage({ params }: Props) {
  // Rendered per request, like every page: its scripts carry the request's CSP nonce (proxy.ts).
  await connection();
  const { name } = await params;
  const document = referenceDocument();
  if (!Object.hasOwn(document.schemas, name)) notFound();
  return (
    <DocsFrame trail={[{ label: "Schemas", href: "/docs#schemas" }, { label: name }]}>
      <SchemaSection name={name} document={document} />
    </DocsFrame>
  );
}

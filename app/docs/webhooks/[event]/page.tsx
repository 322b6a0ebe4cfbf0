// /docs/webhooks/{event} – one webhook event of the API reference: its meaning and its body.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { DocsFrame, Pager } from "@/components/api-reference/docs-frame.tsx";
import { webhookHref } from "@/components/api-reference/links.ts";
import { WebhookSection } from "@/components/api-reference/webhook-section.tsx";
import { referenceDocument } from "../../reference-document.ts";

type Props = { params: Promise<{ event: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { event } = await params;
  return { title: `${event} · API reference` };
}

export default async function WebhookEventPage({ params }: Props) {
  // Rendered per request, like every page: its scripts carry the request's CSP nonce (proxy.ts).
  await connection();
  const name = (await params).event;
  const document = referenceDocument();
  const at = document.webhooks.findIndex((event) => event.path === name);
  const event = document.webhooks[at];
  if (!event) notFound();
  const previous = document.webhooks[at - 1];
  const next = document.webhooks[at + 1];
  return (
    <DocsFrame trail={[{ label: "Webhook events", href: "/docs#webhook-events" }, { label: event.path }]}>
      <WebhookSection event={event} schemas={document.schemas} />
      <Pager
        previous={previous && { label: previous.path, href: webhookHref(previous.path) }}
        next={next && { label: next.path, href: webhookHref(next.path) }}
      />
    </DocsFrame>
  );
}

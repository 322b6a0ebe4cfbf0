// /docs/webhooks/{event} – one webhook event of the API reference: its meaning and its body.
import type { PageConfig } from "next";
import { DocsFrame, Pager } from "@/components/api-reference/docs-frame.tsx";
import { webhookHref } from "@/components/api-reference/links.ts";
import { referenceDocument } from "@/components/api-reference/reference-document.ts";
import { WebhookSection } from "@/components/api-reference/webhook-section.tsx";
import StaticPage, { staticPageProps } from "@/components/static-page.tsx";

// Plain HTML: no JavaScript at all (components/static-page.tsx).
export const config: PageConfig = { unstable_runtimeJS: false };
export const getServerSideProps = staticPageProps<"event">((_request, { event: name }) => {
  const document = referenceDocument();
  const at = document.webhooks.findIndex((event) => event.path === name);
  const event = document.webhooks[at];
  if (!event) return null;
  const previous = document.webhooks[at - 1];
  const next = document.webhooks[at + 1];
  return {
    title: `${event.path} · API reference`,
    body: (
      <DocsFrame trail={[{ label: "Webhook events", href: "/docs#webhook-events" }, { label: event.path }]}>
        <WebhookSection event={event} schemas={document.schemas} />
        <Pager
          previous={previous && { label: previous.path, href: webhookHref(previous.path) }}
          next={next && { label: next.path, href: webhookHref(next.path) }}
        />
      </DocsFrame>
    ),
  };
});
export default StaticPage;

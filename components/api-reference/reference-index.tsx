// The /docs index: every operation by tag, the webhook events and the schemas, one line each, each
// a link to its own page. An entry's id is the anchor it had on the one-page reference
// (#getTrades, #schema-Trade, #errors), which legacy-anchors.tsx forwards to the entry's page.
import type { ReactNode } from "react";
import { InlineText } from "./inline-text.tsx";
import { ERRORS_HREF, operationHref, schemaAnchor, schemaHref, tagAnchor, webhookHref } from "./links.ts";
import { MethodBadge } from "./method-badge.tsx";
import type { ApiDocument, TagGroup } from "./openapi-model.ts";

export const INDEX_ID = "reference-index";

// Styles of the entries: docs-entry* in app/globals.css.
function Entry({
  id,
  href,
  className = "docs-entry",
  children,
}: {
  id?: string;
  href: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <li data-entry="">
      <a id={id} href={href} className={className}>
        {children}
      </a>
    </li>
  );
}

function Group({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} data-group="" aria-labelledby={`${id}-title`} className="scroll-mt-6">
      <h2 id={`${id}-title`} className="text-xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      {description && (
        <p className="mt-1 max-w-3xl text-sm leading-6 text-slate-700">
          <InlineText text={description} />
        </p>
      )}
      <ul className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white p-1 shadow-sm">
        {children}
      </ul>
    </section>
  );
}

export function ReferenceIndex({ document, groups }: { document: ApiDocument; groups: TagGroup[] }) {
  return (
    <div id={INDEX_ID} className="space-y-10">
      {groups.map((group) => (
        <Group
          key={group.tag.name}
          id={tagAnchor(group.tag.name)}
          title={group.tag.name}
          description={group.tag.description}
        >
          {group.operations.map((operation) => (
            <Entry key={operation.operationId} id={operation.operationId} href={operationHref(operation.operationId)}>
              <MethodBadge method={operation.method} size="sm" />
              <h3 className="docs-entry-title">{operation.summary}</h3>
              <code className="docs-entry-path">{operation.path}</code>
            </Entry>
          ))}
        </Group>
      ))}
      {document.webhooks.length > 0 && (
        <Group
          id="webhook-events"
          title="Webhook events"
          description="What we POST to your subscriptions, signed per Standard Webhooks: one page per event with its body."
        >
          {document.webhooks.map((event) => (
            <Entry key={event.path} href={webhookHref(event.path)} className="docs-entry docs-entry-name">
              {event.path}
            </Entry>
          ))}
        </Group>
      )}
      <Group id="error-reference" title="Errors">
        <Entry id="errors" href={ERRORS_HREF} className="docs-entry docs-entry-text">
          The error record and its type codes
        </Entry>
      </Group>
      <Group id="schemas" title="Schemas" description="The named objects that requests and responses are built from.">
        {Object.keys(document.schemas).map((name) => (
          <Entry key={name} id={schemaAnchor(name)} href={schemaHref(name)} className="docs-entry docs-entry-name">
            {name}
          </Entry>
        ))}
      </Group>
    </div>
  );
}

const CONTENTS_LINK =
  "block rounded-md px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500";

/** The sidebar on large screens: a jump to each group of the index. */
export function IndexContents({ document, groups }: { document: ApiDocument; groups: TagGroup[] }) {
  const links = [
    ...groups.map((group) => ({ href: `#${tagAnchor(group.tag.name)}`, label: group.tag.name })),
    ...(document.webhooks.length > 0 ? [{ href: "#webhook-events", label: "Webhook events" }] : []),
    { href: "#error-reference", label: "Errors" },
    { href: "#schemas", label: "Schemas" },
  ];
  return (
    <nav aria-label="API reference contents" className="sticky top-0 hidden py-10 lg:block">
      <p className="px-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">Contents</p>
      <ul className="mt-2 space-y-0.5">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} className={CONTENTS_LINK}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

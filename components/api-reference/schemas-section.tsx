// The "Schemas" section: every entry of components.schemas with its fields.
import type { Schemas } from "./resolve-schema.ts";
import { schemaAnchor } from "./schema-cells.tsx";
import { SchemaBlock } from "./schema-table.tsx";

export function SchemasSection({ schemas }: { schemas: Schemas }) {
  return (
    <section id="schemas" aria-labelledby="schemas-title" className="scroll-mt-6 space-y-6">
      <div>
        <h2 id="schemas-title" className="text-2xl font-bold tracking-tight text-slate-900">
          Schemas
        </h2>
        <p className="mt-2 max-w-3xl leading-7 text-slate-700">The named objects that requests and responses are built from.</p>
      </div>
      {Object.keys(schemas).map((name) => (
        <section key={name} id={schemaAnchor(name)} aria-labelledby={`${schemaAnchor(name)}-title`} className="scroll-mt-6 space-y-3">
          <h3 id={`${schemaAnchor(name)}-title`} className="font-mono text-base font-semibold text-slate-900">
            <a href={`#${schemaAnchor(name)}`} className="hover:text-brand-700 hover:underline">
              {name}
            </a>
          </h3>
          <SchemaBlock schema={{ $ref: `#/components/schemas/${encodeURIComponent(name)}` }} schemas={schemas} caption={`Fields of ${name}`} showName={false} />
        </section>
      ))}
    </section>
  );
}

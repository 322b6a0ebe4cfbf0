"use client";
// How the hosted pages (checkout, connect, trade status) look and where they may send the user
// back to: the brand name and colour with a live preview, the default language, and the allowed
// redirect origins (https origins, or an app's scheme such as yourapp://).
import { useState } from "react";
import { MAX_REDIRECT_ORIGINS } from "@/lib/console/settings/settings-rules.ts";
import { BrandPreview, ColourBox } from "./brand-preview.tsx";
import { ListEditor } from "./list-editor.tsx";
import {
  FieldProblem,
  inputClass,
  ReadOnlyValue,
  SettingsSection,
  useSectionSave,
  type FieldErrors,
} from "./settings-section.tsx";
import { settingsHostedPages } from "@/lib/console/operations/settings.ts";

export interface HostedPagesValues {
  brandName: string;
  brandColor: string;
  locale: "en" | "da";
  allowedRedirectOrigins: string[];
}

const LANGUAGES = { en: "English", da: "Danish (dansk)" } as const;

export function HostedPagesForm({ values, canEdit }: { values: HostedPagesValues; canEdit: boolean }) {
  const [form, setForm] = useState(values);
  const { busy, error, fields, saved, save, edited } = useSectionSave(settingsHostedPages);
  const set = (change: Partial<HostedPagesValues>) => {
    edited();
    setForm((current) => ({ ...current, ...change }));
  };
  async function submit() {
    const result = await save(form);
    // The locale saved is the one the form sent, so one of its languages.
    if (result) setForm({ ...result, locale: result.locale as HostedPagesValues["locale"] });
  }
  return (
    <SettingsSection
      id="hosted-pages"
      title="Hosted pages"
      description={
        <>
          <p>The pages your buyers and sellers see when they connect, pay and follow a trade.</p>
          <p className="mt-2">
            Once you list origins, every successUrl, cancelUrl and app-switch callback must use one of them. Live tokens
            need at least one.
          </p>
        </>
      }
      canEdit={canEdit}
      onSubmit={() => void submit()}
      busy={busy}
      error={error}
      saved={saved}
    >
      {canEdit ? <BrandFields form={form} set={set} fields={fields} /> : <BrandValues values={values} />}
      <fieldset>
        <legend className="block text-sm font-medium text-slate-900">Allowed redirect origins</legend>
        <p className="mb-2 text-sm text-slate-600">
          An origin such as <code className="font-mono">https://shop.example</code> (no path),{" "}
          <code className="font-mono">http://localhost:3000</code> for testing, or your app’s scheme such as{" "}
          <code className="font-mono">yourapp://</code>.
        </p>
        <ListEditor
          field="allowedRedirectOrigins"
          itemLabel="Redirect origin"
          values={form.allowedRedirectOrigins}
          onChange={(next) => set({ allowedRedirectOrigins: next })}
          fields={fields}
          canEdit={canEdit}
          placeholder="https://shop.example"
          empty="No origins yet: test tokens may send users to any https address; live tokens cannot redirect until you add one."
          max={MAX_REDIRECT_ORIGINS}
        />
      </fieldset>
    </SettingsSection>
  );
}

interface BrandFieldsProps {
  form: HostedPagesValues;
  set: (change: Partial<HostedPagesValues>) => void;
  fields: FieldErrors;
}

function BrandFields({ form, set, fields }: BrandFieldsProps) {
  return (
    <>
      <div>
        <label htmlFor="brandName" className="block text-sm font-medium text-slate-900">
          Brand name
        </label>
        <p id="brandName-hint" className="text-sm text-slate-600">
          Shown at the top of every hosted page. Leave empty to use your marketplace’s name.
        </p>
        <input
          id="brandName"
          value={form.brandName}
          onChange={(e) => set({ brandName: e.target.value })}
          maxLength={80}
          aria-invalid={fields.brandName ? true : undefined}
          aria-describedby={fields.brandName ? "brandName-problem brandName-hint" : "brandName-hint"}
          className={`${inputClass(!!fields.brandName)} mt-1 max-w-md`}
        />
        <FieldProblem id="brandName-problem" message={fields.brandName} />
      </div>
      <BrandColourField colour={form.brandColor} set={set} problem={fields.brandColor} />
      <BrandPreview name={form.brandName} color={form.brandColor} />
      <div>
        <label htmlFor="locale" className="block text-sm font-medium text-slate-900">
          Default language
        </label>
        <p id="locale-hint" className="text-sm text-slate-600">
          Used when a link does not ask for one (?lang=en or ?lang=da); users can switch on the page.
        </p>
        <select
          id="locale"
          value={form.locale}
          onChange={(e) => set({ locale: e.target.value as "en" | "da" })}
          aria-describedby="locale-hint"
          className="mt-1 w-56 rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm"
        >
          {Object.entries(LANGUAGES).map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

/** A colour picker and the hex text beside it, kept in step. */
function BrandColourField({
  colour,
  set,
  problem,
}: {
  colour: string;
  set: (change: Partial<HostedPagesValues>) => void;
  problem?: string;
}) {
  const validHex = /^#[0-9a-f]{6}$/i.test(colour.trim());
  return (
    <div>
      <label htmlFor="brandColor" className="block text-sm font-medium text-slate-900">
        Brand colour
      </label>
      <p id="brandColor-hint" className="text-sm text-slate-600">
        A hex colour such as #0f766e, used for buttons and links. Leave empty for the service’s blue.
      </p>
      <div className="mt-1 flex max-w-md gap-2">
        <input
          aria-label="Pick the brand colour"
          type="color"
          value={validHex ? colour.trim().toLowerCase() : "#1d4ed8"}
          onChange={(e) => set({ brandColor: e.target.value })}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-400 bg-white p-1"
        />
        <input
          id="brandColor"
          value={colour}
          onChange={(e) => set({ brandColor: e.target.value })}
          placeholder="#0f766e"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? "brandColor-problem brandColor-hint" : "brandColor-hint"}
          className={`${inputClass(!!problem)} font-mono`}
        />
      </div>
      <FieldProblem id="brandColor-problem" message={problem} />
    </div>
  );
}

/** The brand as a viewer sees it. */
function BrandValues({ values }: { values: HostedPagesValues }) {
  return (
    <div className="space-y-2">
      <ReadOnlyValue label="Brand name">{values.brandName || "—"}</ReadOnlyValue>
      <ReadOnlyValue label="Brand colour">
        <span className="inline-flex items-center gap-2">
          {values.brandColor && (
            <ColourBox background={values.brandColor} className="inline-block h-4 w-4 rounded ring-1 ring-slate-300" />
          )}
          <span className="font-mono">{values.brandColor || "The service’s blue"}</span>
        </span>
      </ReadOnlyValue>
      <ReadOnlyValue label="Default language">{LANGUAGES[values.locale]}</ReadOnlyValue>
    </div>
  );
}

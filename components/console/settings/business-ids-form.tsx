"use client";
// The business id whitelist: the company registration numbers your business users may have.
import { useState } from "react";
import { MAX_BUSINESS_IDS } from "@/lib/console/settings/settings-rules.ts";
import { ListEditor } from "./list-editor.tsx";
import { SettingsSection, useSectionSave } from "./settings-section.tsx";
import { settingsBusinessIds } from "@/lib/console/operations/settings.ts";

export function BusinessIdsForm({ values, canEdit }: { values: string[]; canEdit: boolean }) {
  const [ids, setIds] = useState(values);
  const { busy, error, fields, saved, save, edited } = useSectionSave(settingsBusinessIds);
  async function submit() {
    const result = await save({ allowedBusinessIds: ids.map((id) => id.trim()) });
    if (result) setIds(result.allowedBusinessIds);
  }
  return (
    <SettingsSection
      id="business-ids"
      title="Business id whitelist"
      description={
        <p>
          The company registration numbers (CVR) that business users may be created with, through the API or the
          console. An id still used by a business user cannot be removed.
        </p>
      }
      canEdit={canEdit}
      onSubmit={() => void submit()}
      busy={busy}
      error={error}
      saved={saved}
    >
      <ListEditor
        field="allowedBusinessIds"
        itemLabel="Business id"
        values={ids}
        onChange={(next) => {
          edited();
          setIds(next);
        }}
        fields={fields}
        canEdit={canEdit}
        placeholder="12345678"
        empty="No business ids yet: business users cannot be created."
        max={MAX_BUSINESS_IDS}
      />
    </SettingsSection>
  );
}

"use client";
// The API rate limit per token. Admins choose it within the console's bounds; a limit the service
// set above them (the operator CLI) stays as it is until the service changes it.
import { useState } from "react";
import { CONSOLE_RATE_LIMIT } from "@/lib/console/settings/settings-rules.ts";
import { FieldProblem, inputClass, ReadOnlyValue, SettingsSection, useSectionSave } from "./settings-section.tsx";
import { settingsRateLimit } from "@/lib/console/operations/settings.ts";

const format = (n: number) => n.toLocaleString("en-GB");

export function RateLimitForm({ rateLimitPerMinute, canEdit }: { rateLimitPerMinute: number; canEdit: boolean }) {
  const [value, setValue] = useState(String(rateLimitPerMinute));
  const { busy, error, fields, saved, save, edited } = useSectionSave(settingsRateLimit);
  const setByService = rateLimitPerMinute > CONSOLE_RATE_LIMIT.max;
  const editable = canEdit && !setByService;
  const problem = fields.rateLimitPerMinute;
  function submit() {
    const number = value.trim() === "" ? Number.NaN : Number(value.replace(/[\s,]/g, ""));
    void save({ rateLimitPerMinute: Number.isFinite(number) ? number : null });
  }
  return (
    <SettingsSection
      id="api-limits"
      title="API rate limit"
      description={
        <p>
          How many API requests per minute each of your tokens may make. Past it, the API answers 429{" "}
          <code>rate-limited</code> with <code>Retry-After</code> until the minute is over; every answer says where the
          token stands in its <code>RateLimit-Remaining</code> header.
        </p>
      }
      canEdit={editable}
      onSubmit={submit}
      busy={busy}
      error={error}
      saved={saved}
      note={
        setByService
          ? "Set by your agreement with the service: contact us to change it."
          : !canEdit
            ? "Only admins can change it."
            : undefined
      }
    >
      {editable ? (
        <div className="grid gap-x-6 gap-y-1 sm:grid-cols-[1fr_15rem]">
          <div>
            <label htmlFor="rateLimitPerMinute" className="block text-sm font-medium text-slate-900">
              Requests per minute, per token
            </label>
            <p id="rateLimitPerMinute-hint" className="text-sm text-slate-600">
              Between {format(CONSOLE_RATE_LIMIT.min)} and {format(CONSOLE_RATE_LIMIT.max)}. Contact us if you need
              more.
            </p>
          </div>
          <div>
            <input
              id="rateLimitPerMinute"
              inputMode="numeric"
              value={value}
              onChange={(event) => {
                edited();
                setValue(event.target.value);
              }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={
                problem ? "rateLimitPerMinute-problem rateLimitPerMinute-hint" : "rateLimitPerMinute-hint"
              }
              className={`${inputClass(!!problem)} w-32 text-right tabular-nums`}
            />
            <FieldProblem id="rateLimitPerMinute-problem" message={problem} />
          </div>
        </div>
      ) : (
        <ReadOnlyValue label="Requests per minute, per token">{format(rateLimitPerMinute)}</ReadOnlyValue>
      )}
    </SettingsSection>
  );
}

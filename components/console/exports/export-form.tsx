"use client";
// The exports form: what, which mode, which UTC days and which format, then a plain download link
// to /console/api/exports/{kind} (the browser streams the file to disk; nothing is held here).
// The link is only offered for a range the server will accept, so a download is never an error page.
import { useState } from "react";
import { FilterSelect } from "../kit/filters.tsx";
import { exportFile } from "@/lib/console/operations/exports.ts";
import { consolePath } from "@/lib/console/operations/operation.ts";

const KINDS: [string, string][] = [
  ["trades", "Trades"],
  ["payouts", "Payouts"],
  ["ledger-movements", "Ledger movements"],
];
const today = () => new Date().toISOString().slice(0, 10);
const monthStart = () => `${today().slice(0, 8)}01`;

export function ExportForm() {
  const [kind, setKind] = useState("trades");
  const [mode, setMode] = useState("test");
  const [from, setFrom] = useState(monthStart);
  const [to, setTo] = useState(today);
  const [format, setFormat] = useState("csv");
  const problem = !from || !to ? "Choose both days." : to < from ? "The last day is before the first." : null;
  const href = `${consolePath(exportFile, { kind })}?${new URLSearchParams({ mode, from, to, format })}`;

  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-end gap-3">
        <FilterSelect className="w-48" id="kind" label="Export" value={kind} onChange={setKind} options={KINDS} />
        <FilterSelect
          className="w-40"
          id="mode"
          label="Mode"
          value={mode}
          onChange={setMode}
          options={[
            ["test", "Test (sandbox)"],
            ["live", "Live"],
          ]}
        />
        <DayInput id="from" label="First day (UTC)" value={from} onChange={setFrom} />
        <DayInput id="to" label="Last day (UTC, included)" value={to} onChange={setTo} />
        <FilterSelect
          className="w-40"
          id="format"
          label="Format"
          value={format}
          onChange={setFormat}
          options={[
            ["csv", "CSV"],
            ["jsonl", "JSON lines"],
          ]}
        />
      </div>
      <div className="mt-4 flex items-center gap-3">
        {problem ? (
          <span className="rounded-lg bg-slate-300 px-4 py-2 text-sm font-semibold text-slate-600">Download</span>
        ) : (
          <a
            href={href}
            download
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Download
          </a>
        )}
        <p role="status" className="text-sm text-slate-700">
          {problem}
        </p>
      </div>
    </div>
  );
}

function DayInput({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="w-48">
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="date"
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2 text-sm"
      />
    </div>
  );
}

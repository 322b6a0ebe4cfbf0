"use client";
// One API call, whole: everything the log stores about it (never the key or a body), as a panel
// over the list. Opened from a row, or straight from an address with `entry`.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useId, useRef, type ReactNode } from "react";
import type { RequestLogEntry } from "@/lib/console/developers/list-request-log.ts";
import { consoleGet } from "../kit/use-list-query.ts";
import { consoleWhen } from "../ui.tsx";
import { MethodBadge, ModeBadge, StatusBadge } from "./api-badges.tsx";
import { CopyButton } from "./copy-button.tsx";
import { requestLogEntry } from "@/lib/console/operations/developers.ts";

const TRADE_IN_PATH = /\/trades\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\/|$)/i;

export function RequestLogDetail({
  entryId,
  known,
  onClose,
}: {
  entryId: string;
  known?: RequestLogEntry;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { data: entry, isError } = useQuery({
    queryKey: ["request-log-entry", entryId],
    queryFn: () => consoleGet(requestLogEntry, { entryId }),
    initialData: known,
  });

  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      className="fixed inset-y-0 right-0 left-auto m-0 h-full max-h-none w-full max-w-xl overflow-y-auto bg-white p-0 shadow-2xl backdrop:bg-slate-900/30"
    >
      <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-6 py-4">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold">
            API call
          </h2>
          {entry && (
            <p className="mt-1 flex min-w-0 items-center text-sm">
              <MethodBadge method={entry.method} />
              <span className="font-mono text-xs break-all text-slate-900">{entry.path}</span>
            </p>
          )}
        </div>
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          className="rounded-lg px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
        >
          Close
        </button>
      </div>
      <div className="px-6 py-5">
        {isError && !entry && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
            This call is not in your request log.
          </p>
        )}
        {!entry && !isError && <p className="text-sm text-slate-600">Loading…</p>}
        {entry && <EntryFacts entry={entry} />}
      </div>
    </dialog>
  );
}

function EntryFacts({ entry }: { entry: RequestLogEntry }) {
  const tradeId = TRADE_IN_PATH.exec(entry.path)?.[1];
  return (
    <>
      <dl className="divide-y divide-slate-100 text-sm">
        <Row label="Status">
          <StatusBadge status={entry.status} />
          <span className="ml-2 text-slate-700">
            {entry.typeCode ? (
              <span className="font-mono text-xs">{entry.typeCode}</span>
            ) : entry.status < 400 ? (
              "Succeeded"
            ) : (
              ""
            )}
          </span>
        </Row>
        <Row label="Time">
          {consoleWhen(entry.createdAt)}
          <span className="block font-mono text-xs text-slate-500">{entry.createdAt}</span>
        </Row>
        <Row label="Duration">{entry.durationMs.toLocaleString("en-GB")} ms</Row>
        <Row label="Correlation id">
          <span className="block font-mono text-xs break-all">{entry.correlationId}</span>
          <span className="mt-1 flex flex-wrap items-center gap-3">
            <CopyButton value={entry.correlationId} label="Copy id" />
            <Link
              href={`/console/developers/logs?mode=${entry.mode}&correlationId=${encodeURIComponent(entry.correlationId)}`}
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              All calls with this id
            </Link>
          </span>
        </Row>
        <Row label="Mode">
          <ModeBadge mode={entry.mode} />
        </Row>
        <Row label="API key">
          <KeyName token={entry.token} />
        </Row>
        {tradeId && (
          <Row label="Trade">
            <Link
              href={`/console/trades/${tradeId}`}
              className="font-mono text-xs font-medium text-brand-700 hover:underline"
            >
              {tradeId}
            </Link>
          </Row>
        )}
        <Row label="Log entry">
          <span className="font-mono text-xs">{entry.entryId}</span>
        </Row>
      </dl>
      <p className="mt-6 rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-600">
        The log keeps what identifies a call and how it ended. It never stores keys, query strings or request and
        response bodies.
      </p>
    </>
  );
}

function KeyName({ token }: { token: RequestLogEntry["token"] }) {
  if (!token) return <>—</>;
  return (
    <>
      {token.name}
      <span className="ml-2 font-mono text-xs text-slate-600">{token.prefix}</span>
      {token.revoked && <span className="ml-2 text-xs text-red-800">(revoked since)</span>}
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_minmax(0,1fr)] gap-4 py-2.5">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 text-slate-900">{children}</dd>
    </div>
  );
}

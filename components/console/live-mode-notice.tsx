// Says on every console page when live mode is closed (simulated payment rail or eID): one thin
// line, so that staff must not take a live key for a working integration, linking to why and what
// still works (the providers panel, developers/outside-parties-panel.tsx, on the API keys page
// where live keys are made).
import Link from "next/link";
import type { liveModeGaps } from "@/lib/outside-parties.ts";

type Gaps = ReturnType<typeof liveModeGaps>;

export const LIVE_MODE_DETAILS = "/console/developers/api-keys#live-mode";

export function LiveModeNotice({ gaps }: { gaps: Gaps }) {
  if (!gaps.length) return null;
  return (
    <p
      role="note"
      aria-label="Live mode closed"
      className="mb-4 flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-1.5 text-sm text-amber-950"
    >
      <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-amber-500" />
      <span className="min-w-0 truncate">
        Live mode is closed<span className="max-sm:hidden"> on this deployment: use test keys</span>.
      </span>
      <Link href={LIVE_MODE_DETAILS} className="ml-auto shrink-0 font-medium underline hover:no-underline">
        Details
      </Link>
    </p>
  );
}

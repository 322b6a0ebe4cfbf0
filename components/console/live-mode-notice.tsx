// Says on every console page when live mode is closed (simulated payment rail or eID): one thin
// line, so that staff must not take a live key for a working integration, linking to why and what
// still works (LiveModeDetails, on the API keys page where live keys are made).
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

/** Why live mode is closed and what still works: where live keys are made. */
export function LiveModeDetails({ gaps }: { gaps: Gaps }) {
  if (!gaps.length) return null;
  const names = gaps.map((gap) => `${gap.what} (${gap.setting})`).join(" and ");
  return (
    <section
      id="live-mode"
      aria-labelledby="live-mode-title"
      className="mt-6 scroll-mt-4 rounded-xl border border-amber-300 bg-amber-50 px-5 py-4 text-sm text-amber-950"
    >
      <h2 id="live-mode-title" className="font-semibold">
        Live mode is closed on this deployment
      </h2>
      <p className="mt-1">
        The {names} {gaps.length > 1 ? "are" : "is"} simulated. Live keys can read, manage webhooks and business users,
        but every live call that connects a person, takes money or pays out answers 403, and live hosted pages do not
        open. Use the sandbox (test keys) until the operator configures real providers.
      </p>
    </section>
  );
}

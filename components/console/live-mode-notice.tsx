// Says on every console page when live mode is closed (simulated payment rail or eID), and why:
// staff must not take a live key for a working integration that would move real money.
import type { liveModeGaps } from "@/lib/outside-parties.ts";

export function LiveModeNotice({ gaps }: { gaps: ReturnType<typeof liveModeGaps> }) {
  if (!gaps.length) return null;
  const names = gaps.map((gap) => `${gap.what} (${gap.setting})`).join(" and ");
  return (
    <div
      role="note"
      aria-label="Live mode closed"
      className="mb-6 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <p className="font-semibold">Live mode is closed on this deployment</p>
      <p className="mt-1">
        The {names} {gaps.length > 1 ? "are" : "is"} simulated. Live keys can read, manage webhooks and business users,
        but every live call that connects a person, takes money or pays out answers 403, and live hosted pages do not
        open. Use the sandbox (test keys) until the operator configures real providers.
      </p>
    </div>
  );
}

// Which provider serves each outside party (payment rail, national eID, carriers) in test and in
// live mode, and whether live mode is open; when it is closed, why, by the setting the operator
// changes, and what live keys can still do. On the API keys page, where live keys are made: the
// one-line notice on every page links here (#live-mode). Drawn on the server from names only.
import type { loadOutsideParties } from "@/lib/console/developers/load-outside-parties.ts";

type Parties = ReturnType<typeof loadOutsideParties>;
type Choice = Parties["test"][number];

const pill = "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset";

export function OutsidePartiesPanel({ parties }: { parties: Parties }) {
  return (
    <section
      id="live-mode"
      aria-labelledby="live-mode-title"
      className="mt-8 scroll-mt-4 rounded-xl border border-slate-200 bg-white"
    >
      <div className="border-b border-slate-200 px-5 py-3">
        <h2 id="live-mode-title" className="font-semibold">
          Providers and live mode
        </h2>
        <p className="mt-0.5 text-sm text-slate-600">
          Who serves payments, eID sign-in and shipping in each mode. The operator chooses them; a simulated provider
          never serves live mode.
        </p>
      </div>
      <div className="space-y-4 px-5 py-4">
        <LiveModeState parties={parties} />
        <div className="grid gap-4 sm:grid-cols-2">
          <ModeProviders title="Test mode" choices={parties.test} />
          <ModeProviders title="Live mode" choices={parties.live} />
        </div>
      </div>
    </section>
  );
}

/** Open, or closed with each reason and its setting; carriers that only a live label needs, apart. */
function LiveModeState({ parties }: { parties: Parties }) {
  const closing = parties.liveGaps.filter((gap) => gap.closesLiveMode);
  const labelsOnly = parties.liveGaps.filter((gap) => !gap.closesLiveMode);
  return (
    <div
      className={`rounded-lg border px-4 py-3 text-sm ${
        parties.liveOpen
          ? "border-emerald-200 bg-emerald-50 text-emerald-950"
          : "border-amber-300 bg-amber-50 text-amber-950"
      }`}
    >
      <p className="font-semibold">
        {parties.liveOpen ? "Live mode is open on this deployment" : "Live mode is closed on this deployment"}
      </p>
      {closing.length > 0 && (
        <>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {closing.map((gap) => (
              <li key={gap.party}>
                The {gap.partyName} is simulated (<Setting name={gap.setting} />
                ); live mode needs <Setting name={gap.fix} />.
              </li>
            ))}
          </ul>
          <p className="mt-1">
            Live keys can read, manage webhooks and business users, but every live call that connects a person, takes
            money or pays out answers 403, and live hosted pages do not open. Use the sandbox (test keys) until then.
          </p>
        </>
      )}
      {labelsOnly.map((gap) => (
        <p key={gap.party} className="mt-1">
          {capitalised(gap.partyName)} are simulated in live mode (<Setting name={gap.setting} />
          ): {parties.liveOpen ? "live mode is open, but " : ""}buying a live label answers 403 until the operator sets{" "}
          <Setting name={gap.fix} />.
        </p>
      ))}
    </div>
  );
}

function ModeProviders({ title, choices }: { title: string; choices: Choice[] }) {
  return (
    <div className="rounded-lg border border-slate-200 px-4 py-3">
      <h3 className="text-sm font-semibold">{title}</h3>
      <dl className="mt-2 space-y-2 text-sm">
        {choices.map((choice) => (
          <div key={choice.party}>
            <dt className="text-slate-600">{capitalised(choice.partyName)}</dt>
            <dd className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-medium text-slate-900">{choice.providerName}</span>
              {choice.simulated ? (
                <span className={`${pill} bg-amber-50 text-amber-900 ring-amber-200`}>Simulated</span>
              ) : (
                <span className={`${pill} bg-emerald-50 text-emerald-900 ring-emerald-200`}>Real</span>
              )}
              <Setting name={choice.setting} />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function Setting({ name }: { name: string }) {
  return <code className="font-mono text-xs break-all">{name}</code>;
}

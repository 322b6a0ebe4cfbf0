// Where to begin: the API's base URL, a first call with curl, and the reference. The example names
// a key by its prefix only; the whole key was shown once, when it was created.
import Link from "next/link";
import { CopyButton } from "./copy-button.tsx";

export function QuickStart({ baseUrl, keyPrefix }: { baseUrl: string; keyPrefix: string }) {
  const example = [
    `export ESCROW_API_KEY="${keyPrefix}"   # the whole key you copied`,
    "",
    `curl -X POST ${baseUrl}/sandbox/users/seller-1/connect \\`,
    `  -H "Authorization: Bearer $ESCROW_API_KEY" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{"kycLevel": 1}'`,
  ].join("\n");
  return (
    <section aria-labelledby="quick-start" className="mt-8 rounded-xl border border-slate-200 bg-white">
      <div className="border-b border-slate-200 px-5 py-3">
        <h2 id="quick-start" className="font-semibold">
          Quick start
        </h2>
        <p className="mt-0.5 text-sm text-slate-600">
          Call the API from your server with a key in the Authorization header. Test keys work only in the sandbox.
        </p>
      </div>
      <div className="grid gap-6 px-5 py-4 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <dl className="space-y-3 text-sm">
          <div>
            <dt className="text-slate-600">Base URL</dt>
            <dd className="mt-0.5 font-mono text-xs break-all text-slate-900">{baseUrl}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Reference</dt>
            <dd className="mt-0.5 space-y-1">
              {/* Not prefetched: /docs is a Pages Router page (components/static-page.tsx), which the App
                  Router's prefetch asks for again and again, and the console's network never settles. */}
              <Link href="/docs" prefetch={false} className="block font-medium text-brand-700 hover:underline">
                API reference
              </Link>
              <a href="/api/v1/openapi.json" className="block font-medium text-brand-700 hover:underline">
                OpenAPI document (JSON)
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Debugging</dt>
            <dd className="mt-0.5 text-slate-800">
              Every response carries an <span className="font-mono text-xs">X-Correlation-Id</span>; find the call with
              it in the{" "}
              <Link href="/console/developers/logs" className="font-medium text-brand-700 hover:underline">
                request log
              </Link>
              .
            </dd>
          </div>
        </dl>
        <div className="min-w-0">
          <div className="flex items-center justify-between gap-3">
            <p className="text-sm text-slate-600">Connect a sandbox seller:</p>
            <CopyButton value={example} label="Copy example" />
          </div>
          <pre
            tabIndex={0}
            className="relative mt-2 overflow-x-auto rounded-lg bg-slate-900 px-4 py-3 font-mono text-xs leading-relaxed text-slate-100"
          >
            <code>{example}</code>
          </pre>
        </div>
      </div>
    </section>
  );
}

// /console/developers/logs – the tenant's recent API calls, to debug an integration.
import type { Metadata } from "next";
import { Suspense } from "react";
import { DevelopersTabs } from "@/components/console/developers/developers-tabs.tsx";
import { RequestLogBrowser } from "@/components/console/developers/request-log-browser.tsx";
import { retentionPolicy } from "@/lib/jobs/retention-policy.ts";

export const metadata: Metadata = { title: "Request log" };

export default function RequestLogPage() {
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Developers</h1>
      <p className="mt-1 text-sm text-slate-600">
        Keys for your backend to call the escrow API, and a log of the calls it made.
      </p>
      <DevelopersTabs current="/console/developers/logs" />
      <p className="mt-6 text-sm text-slate-600">
        Every call to the API with one of your keys, newest first. Paste an X-Correlation-Id (the traceId of an error)
        to find one call. Calls are kept for at least {retentionPolicy().requestLogDays} days.
      </p>
      <div className="mt-4">
        <Suspense>
          <RequestLogBrowser />
        </Suspense>
      </div>
    </>
  );
}

// /console/webhooks/deliveries – every delivery of an event to an endpoint, newest first, filtered.
import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { DeliveriesBrowser } from "@/components/console/webhooks/deliveries-browser.tsx";
import { requireStaff } from "@/lib/console/auth/staff-session.ts";
import { retentionPolicy } from "@/lib/jobs/retention-policy.ts";
import { listEndpointChoices } from "@/lib/console/webhooks/list-subscriptions.ts";

export const metadata: Metadata = { title: "Webhook deliveries" };

export default async function DeliveriesPage() {
  const { tenant } = await requireStaff();
  const endpoints = await listEndpointChoices(tenant.id);
  return (
    <>
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link href="/console/webhooks" className="text-brand-700 hover:underline">
          Webhooks
        </Link>
      </nav>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight">Delivery log</h1>
      <p className="mt-1 max-w-2xl text-sm text-slate-600">
        Each event sent to each endpoint, newest first, with what the endpoint answered. Open one to see the signed
        request, every attempt and the next retry. Each attempt is kept for at least {retentionPolicy().webhookLogDays}{" "}
        days after it was made, and a finished delivery a week longer.
      </p>
      <div className="mt-5">
        <Suspense>
          <DeliveriesBrowser endpoints={endpoints} />
        </Suspense>
      </div>
    </>
  );
}

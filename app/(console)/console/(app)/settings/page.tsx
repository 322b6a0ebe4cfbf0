// /console/settings – the tenant's settings, one section at a time: admins save each section,
// viewers see the values. The fee agreement is set with the service and shown read-only; the API
// rate limit is the admins' within bounds (above them, the service's).
import type { Metadata } from "next";
import { BusinessIdsForm } from "@/components/console/settings/business-ids-form.tsx";
import { CurrencyForm } from "@/components/console/settings/currency-form.tsx";
import { FeeAccountForm } from "@/components/console/settings/fee-account-form.tsx";
import { DeadlinesForm } from "@/components/console/settings/deadlines-form.tsx";
import { HostedPagesForm } from "@/components/console/settings/hosted-pages-form.tsx";
import { RateLimitForm } from "@/components/console/settings/rate-limit-form.tsx";
import { ReadOnlyValue, SettingsSection } from "@/components/console/settings/settings-section.tsx";
import { consoleMoney } from "@/components/console/ui.tsx";
import { requireStaff } from "@/lib/console/auth/staff-session.ts";
import { loadSettings } from "@/lib/console/settings/load-settings.ts";

export const metadata: Metadata = { title: "Settings" };

const percent = (value: string) => `${Number(value).toLocaleString("en-GB", { maximumFractionDigits: 6 })} %`;

export default async function SettingsPage() {
  const context = await requireStaff();
  const settings = await loadSettings(context);
  const { isAdmin } = context;
  const { currency } = settings.currency;
  return (
    <div className="max-w-5xl">
      <h1 className="text-2xl font-semibold tracking-tight">Settings</h1>
      <p className="mt-1 text-sm text-slate-600">
        How trades run for {context.tenant.name}: deadlines, currency, the hosted pages, who may be a business user and
        the API rate limit.
      </p>
      {!isAdmin && (
        <p className="mt-4 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
          You are a viewer: you can see the settings; an admin of your team can change them.
        </p>
      )}
      <div className="mt-4">
        <DeadlinesForm values={settings.deadlines} canEdit={isAdmin} />
        <CurrencyForm currency={currency} hasTrades={settings.currency.hasTrades} canEdit={isAdmin} />
        <FeeAccountForm current={settings.feeAccount} tenantName={context.tenant.name} canEdit={isAdmin} />
        <HostedPagesForm values={settings.hostedPages} canEdit={isAdmin} />
        <BusinessIdsForm values={settings.businessIds.allowedBusinessIds} canEdit={isAdmin} />
        <SettingsSection
          id="fee-agreement"
          title="Fee agreement"
          description={
            <p>
              Of the fees you charge on each trade (payerFee and payeeFee in the API), the service keeps this share; the
              rest is your commission. It is part of your agreement with us: contact us to change it.
            </p>
          }
          canEdit={false}
          note="Read only: set by your agreement with the service."
        >
          <div className="space-y-2">
            <ReadOnlyValue label="Service share of the buyer’s fee">
              {percent(settings.fees.payerPercent)} + {consoleMoney(settings.fees.payerFixedMinor, currency)}
            </ReadOnlyValue>
            <ReadOnlyValue label="Service share of the seller’s fee">
              {percent(settings.fees.payeePercent)} + {consoleMoney(settings.fees.payeeFixedMinor, currency)}
            </ReadOnlyValue>
          </div>
        </SettingsSection>
        <RateLimitForm rateLimitPerMinute={settings.rateLimitPerMinute} canEdit={isAdmin} />
      </div>
    </div>
  );
}

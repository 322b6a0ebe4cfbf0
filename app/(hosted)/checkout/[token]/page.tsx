// The hosted checkout: the item, what the payer pays, the escrow promise, and payment.
import type { Metadata } from "next";
import { formatMoney } from "@/components/hosted/money.ts";
import { HostedShell, LinkUnusable } from "@/components/hosted/hosted-shell.tsx";
import { PaymentMethodForm } from "@/components/hosted/payment-method-form.tsx";
import { loadHostedSession } from "@/lib/hosted/checkout-flow.ts";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Checkout", robots: { index: false } };

const MESSAGES: Record<string, string> = {
  declined: "The payment was declined. Nothing was charged. Try another payment method.",
  unavailable: "This trade can no longer be paid.",
};

export default async function CheckoutPage({ params, searchParams }: { params: Promise<{ token: string }>; searchParams: Promise<{ error?: string }> }) {
  const { token } = await params;
  const { error } = await searchParams;
  const loaded = await loadHostedSession(token, "Checkout");
  if (!loaded?.open) return <LinkUnusable />;
  const { trade, session } = loaded;
  const marketplace = session.tenant.brandName ?? session.tenant.name;
  const fees = trade.payerFeeMinor + trade.payerFixedFeeMinor;
  const rows: [string, bigint][] = [["Item", trade.amountMinor], ...(fees > 0n ? [["Buyer protection fee", fees] as [string, bigint]] : []), ...(trade.shippingPayerMinor > 0n ? [["Shipping", trade.shippingPayerMinor] as [string, bigint]] : [])];
  const base = `/checkout/${encodeURIComponent(token)}`;
  return (
    <HostedShell marketplace={marketplace}>
      <h1 className="text-2xl font-semibold tracking-tight">{trade.title}</h1>
      <p className="mt-1 line-clamp-4 text-slate-600">{trade.description}</p>
      {trade.imageUrls[0] && (
        // eslint-disable-next-line @next/next/no-img-element -- tenant-hosted image of any origin
        <img src={trade.imageUrls[0]} alt={trade.title} className="mt-4 aspect-video w-full rounded-lg bg-slate-100 object-cover" />
      )}
      <dl className="mt-5 space-y-1 text-sm">
        {rows.map(([label, minor]) => (
          <div key={label} className="flex justify-between">
            <dt className="text-slate-600">{label}</dt>
            <dd>{formatMoney(minor, trade.currency)}</dd>
          </div>
        ))}
        <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold">
          <dt>Total</dt>
          <dd>{formatMoney(trade.payerTotalMinor, trade.currency)}</dd>
        </div>
      </dl>
      <p className="mt-4 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
        Your money is held in escrow and only paid to the seller after you have received and accepted the item{trade.deliveryByHandAllowed ? " (delivery by hand is possible)" : ""}.
      </p>
      {error && MESSAGES[error] && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {MESSAGES[error]}
        </p>
      )}
      <PaymentMethodForm action={`${base}/pay`} cancelAction={`${base}/cancel`} payLabel={`Pay ${formatMoney(trade.payerTotalMinor, trade.currency)}`} cancelLabel={`Cancel and return to ${marketplace}`} sandbox={session.mode === "test"} />
    </HostedShell>
  );
}

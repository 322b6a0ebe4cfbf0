// The hosted payment flow: pay a pending payment (escrow or a shipping label).
import type { Metadata } from "next";
import { formatMoney } from "@/components/hosted/money.ts";
import { HostedShell, LinkUnusable } from "@/components/hosted/hosted-shell.tsx";
import { PaymentMethodForm } from "@/components/hosted/payment-method-form.tsx";
import { loadHostedSession } from "@/lib/hosted/checkout-flow.ts";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Payment", robots: { index: false } };

const PURPOSE = { Escrow: "Payment into escrow", DeliveryLabel: "Shipping label", ReturnLabel: "Return label" } as const;

export default async function PaymentFlowPage({ params, searchParams }: { params: Promise<{ token: string }>; searchParams: Promise<{ error?: string }> }) {
  const { token } = await params;
  const { error } = await searchParams;
  const loaded = await loadHostedSession(token, "PaymentFlow");
  if (!loaded?.open || !loaded.payment || loaded.payment.state !== "Pending") return <LinkUnusable />;
  const { trade, session, payment } = loaded;
  const marketplace = session.tenant.brandName ?? session.tenant.name;
  const base = `/pay/${encodeURIComponent(token)}`;
  return (
    <HostedShell marketplace={marketplace}>
      <p className="text-sm font-medium text-brand-600">{PURPOSE[payment.purpose]}</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight">{formatMoney(payment.amountMinor, payment.currency)}</h1>
      <p className="mt-1 text-slate-600">For “{trade.title}”</p>
      {error === "declined" && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          The payment was declined. Nothing was charged. Try another payment method.
        </p>
      )}
      <PaymentMethodForm action={`${base}/pay`} cancelAction={`${base}/cancel`} payLabel={`Pay ${formatMoney(payment.amountMinor, payment.currency)}`} cancelLabel={`Cancel and return to ${marketplace}`} sandbox={session.mode === "test"} />
    </HostedShell>
  );
}

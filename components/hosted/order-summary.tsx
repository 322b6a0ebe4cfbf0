// What the payer buys and pays, before they pay: the item with its photos, the seller, every line
// of the price (item, buyer protection, shipping), the total, and the escrow promise.
import type { Trade } from "@/lib/db/generated/client.ts";
import type { Messages } from "@/lib/i18n/index.ts";
import { formatMoney } from "@/lib/money/format.ts";
import type { Locale } from "@/lib/locale.ts";
import { ShieldIcon } from "./ui.tsx";

export function OrderSummary({
  trade,
  t,
  locale,
  seller,
  compact = false,
}: {
  trade: Trade;
  t: Messages;
  locale: Locale;
  seller: { name: string; city: string } | null;
  compact?: boolean;
}) {
  const money = (minor: bigint) => formatMoney(minor, trade.currency, locale);
  const buyerFee = trade.payerFeeMinor + trade.payerFixedFeeMinor;
  const shipping = trade.shipping as { paidBy?: string } | null;
  const lines: [string, bigint][] = [[t.checkout.item, trade.amountMinor]];
  if (buyerFee > 0n) lines.push([t.checkout.buyerFee, buyerFee]);
  if (trade.shippingPayerMinor > 0n) lines.push([t.checkout.shipping, trade.shippingPayerMinor]);
  const shippingNote = shipping ? (shipping.paidBy === "Payee" ? t.checkout.shippingBySeller : null) : null;
  const byHand = trade.deliveryByHandAllowed ? (shipping ? t.checkout.byHandToo : t.checkout.byHandOnly) : null;

  return (
    <section aria-labelledby="item-title">
      {!compact && trade.imageUrls.length > 0 && <Photos urls={trade.imageUrls} title={trade.title} t={t} />}
      <h1
        id="item-title"
        className={`${compact ? "text-lg" : "mt-4 text-2xl"} font-semibold tracking-tight text-balance break-words`}
      >
        {trade.title}
      </h1>
      {seller && <p className="mt-1 text-sm text-slate-600">{t.checkout.soldBy(seller.name, seller.city)}</p>}
      {!compact && <p className="mt-3 whitespace-pre-line break-words text-slate-700">{trade.description}</p>}

      <h2 className="sr-only">{t.checkout.summary}</h2>
      <dl className="mt-5 space-y-1.5 text-sm">
        {lines.map(([label, minor]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="text-slate-600">{label}</dt>
            <dd className="tabular-nums">{money(minor)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base font-semibold">
          <dt>{t.checkout.total}</dt>
          <dd className="tabular-nums">{money(trade.payerTotalMinor)}</dd>
        </div>
      </dl>
      {(shippingNote || byHand) && (
        <p className="mt-2 text-sm text-slate-600">{[shippingNote, byHand].filter(Boolean).join(" ")}</p>
      )}
      <p className="mt-4 flex gap-3 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-950">
        <ShieldIcon className="mt-0.5 h-5 w-5 flex-none text-emerald-700" />
        <span>{t.checkout.escrowPromise}</span>
      </p>
    </section>
  );
}

/** The item's photos, swipeable on a phone (CSS scroll snap, no script). */
function Photos({ urls, title, t }: { urls: string[]; title: string; t: Messages }) {
  if (urls.length === 1) {
    // eslint-disable-next-line @next/next/no-img-element -- the tenant's image on its own host
    return <img src={urls[0]} alt={title} className="aspect-[4/3] w-full rounded-xl bg-slate-100 object-cover" />;
  }
  return (
    <div
      role="group"
      aria-label={t.checkout.photos}
      tabIndex={0}
      className="-mx-1 flex snap-x snap-mandatory gap-2 overflow-x-auto px-1 pb-1 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      {urls.map((url, index) => (
        // eslint-disable-next-line @next/next/no-img-element -- the tenant's image on its own host
        <img
          key={url + index}
          src={url}
          alt={`${title}: ${t.checkout.photo(index + 1, urls.length)}`}
          className="aspect-[4/3] w-[85%] flex-none snap-center rounded-xl bg-slate-100 object-cover"
        />
      ))}
    </div>
  );
}

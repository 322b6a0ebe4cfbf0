import Link from "next/link";
import { connection } from "next/server";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Where README.md's examples send the browser back to (`successUrl` …/?ok, `cancelUrl` …/?cancel). */
function returnNotice(search: Record<string, string | string[] | undefined>): string | null {
  const reason = typeof search.reason === "string" ? search.reason : undefined;
  if ("cancel" in search)
    return `A hosted page sent you back here through the example's cancelUrl${reason ? ` (reason: ${reason})` : ""}.`;
  if ("ok" in search) return "A hosted page sent you back here through the example's successUrl: it finished.";
  return null;
}

const CARDS = [
  { href: "/console", title: "Console", text: "Your marketplace's trades, users, webhooks and API keys." },
  { href: "/docs", title: "API reference", text: "Every v1 operation with its fields, limits and errors." },
  {
    href: "/api/v1/openapi.json",
    title: "OpenAPI 3.1 document",
    text: "Generate a client or import it into your API tool.",
  },
];

export default async function HomePage({ searchParams }: Props) {
  // Rendered per request: its scripts carry the request's CSP nonce (proxy.ts).
  await connection();
  const notice = returnNotice(await searchParams);
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col justify-center gap-8 px-6 py-16">
      {notice && (
        <p role="status" className="rounded-xl border border-brand-500 bg-white p-4 text-slate-800">
          {notice}
        </p>
      )}
      <div>
        <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Marketplace Escrow Trade Service</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight">Money held safely until the item arrives.</h1>
        <p className="mt-4 text-lg text-slate-600">
          Marketplaces let their users buy from each other: the buyer pays into escrow, the seller ships, and the money
          is released when the buyer accepts the item.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {CARDS.map(({ href, title, text }) => {
          const body = (
            <>
              <h2 className="font-semibold">{title}</h2>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </>
          );
          const className =
            "rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-500";
          // The JSON document is not a page: a plain link, not a client-side navigation. /docs is the
          // Pages Router's (components/static-page.tsx), which the App Router's prefetch asks for
          // again and again: not prefetched.
          return href.endsWith(".json") ? (
            <a key={href} href={href} className={className}>
              {body}
            </a>
          ) : (
            <Link key={href} href={href} prefetch={href === "/docs" ? false : undefined} className={className}>
              {body}
            </Link>
          );
        })}
      </div>
    </main>
  );
}

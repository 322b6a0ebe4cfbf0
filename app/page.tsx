import Link from "next/link";
import { connection } from "next/server";

export default async function HomePage() {
  // Rendered per request: its scripts carry the request's CSP nonce (proxy.ts).
  await connection();
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col justify-center gap-8 px-6 py-16">
      <div>
        <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Marketplace Escrow Trade Service</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight">Money held safely until the item arrives.</h1>
        <p className="mt-4 text-lg text-slate-600">
          Marketplaces let their users buy from each other: the buyer pays into escrow, the seller ships, and the money
          is released when the buyer accepts the item.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Link
          href="/docs"
          className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-500"
        >
          <h2 className="font-semibold">API reference</h2>
          <p className="mt-1 text-sm text-slate-600">Every v1 operation with its fields, limits and errors.</p>
        </Link>
        <a
          href="/api/v1/openapi.json"
          className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-500"
        >
          <h2 className="font-semibold">OpenAPI 3.1 document</h2>
          <p className="mt-1 text-sm text-slate-600">Generate a client or import it into your API tool.</p>
        </a>
      </div>
    </main>
  );
}

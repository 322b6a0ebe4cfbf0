// The 404 page. Rendered per request (connection()), not prerendered: a prerendered page's
// scripts carry no CSP nonce, and the policy (proxy.ts) blocks every script without one.
import { connection } from "next/server";

export default async function NotFound() {
  await connection();
  return (
    <main className="mx-auto max-w-md px-6 py-24 text-center">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="mt-2 text-slate-700">
        This address does not lead anywhere. If a marketplace sent you here, go back to it and start again.
      </p>
    </main>
  );
}

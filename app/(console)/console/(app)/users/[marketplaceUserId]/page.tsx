// /console/users/{marketplaceUserId}?mode=test|live – one connected user: who they are (as their eID
// sign-in verified them), their KYC level, payout accounts (masked) and their trades on both sides.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { KycBadge } from "@/components/console/users/kyc-badge.tsx";
import { PayoutAccounts, UserFacts, UserTrades } from "@/components/console/users/user-sections.tsx";
import { pathParam } from "@/lib/console/path-param.ts";
import { requireStaff } from "@/lib/console/auth/staff-session.ts";
import { loadUserForConsole } from "@/lib/console/users/load-user.ts";

export const metadata: Metadata = { title: "User" };

export default async function UserPage({
  params,
  searchParams,
}: {
  params: Promise<{ marketplaceUserId: string }>;
  searchParams: Promise<{ mode?: string }>;
}) {
  const [{ marketplaceUserId }, { mode }, { tenant }] = await Promise.all([params, searchParams, requireStaff()]);
  const data = await loadUserForConsole(
    tenant.id,
    pathParam(marketplaceUserId),
    mode === "live" || mode === "test" ? mode : undefined,
  );
  if (!data) notFound();
  const { user, person } = data;
  return (
    <>
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link href={`/console/users?mode=${user.mode}`} className="text-brand-700 hover:underline">
          Users
        </Link>
      </nav>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight break-all">{user.marketplaceUserId}</h1>
        <KycBadge level={user.kycLevel} />
        {user.mode === "test" && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">Test</span>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {person.name} · service account <span className="font-mono text-xs">{person.serviceAccountId}</span>
      </p>
      <UserFacts data={data} />
      <PayoutAccounts data={data} />
      <UserTrades data={data} />
    </>
  );
}

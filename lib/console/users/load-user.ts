// Everything the console's user page shows: the connected user with the verified person behind
// it, their payout accounts (masked: the whole number never leaves the server), and their most
// recent trades on either side. Another tenant's user, or one of the other mode, is simply absent.
import { db } from "../../db/client.ts";
import type { ApiMode } from "../../db/generated/enums.ts";
import { maskAccountNumber } from "./mask-account.ts";

export const USER_TRADES_SHOWN = 50;

export async function loadUserForConsole(tenantId: string, marketplaceUserId: string, mode?: ApiMode) {
  const user = await db.marketplaceUser.findFirst({
    where: { tenantId, marketplaceUserId, ...(mode ? { mode } : {}) },
    // Without a mode, the sandbox user first: that is where integrations are built.
    orderBy: { mode: "asc" },
    include: { serviceAccount: { include: { payoutAccounts: { orderBy: { selectedAt: "desc" } } } } },
  });
  if (!user) return null;
  const scope = { tenantId, mode: user.mode, marketplaceUserId };
  const [parties, roleCounts] = await Promise.all([
    db.tradeParty.findMany({
      where: scope,
      orderBy: [{ tradeCreatedAt: "desc" }, { tradeId: "desc" }],
      take: USER_TRADES_SHOWN,
      select: {
        role: true,
        trade: {
          select: {
            id: true,
            title: true,
            referenceId: true,
            state: true,
            amountMinor: true,
            currency: true,
            createdAt: true,
            payerMarketplaceUserId: true,
            payeeMarketplaceUserId: true,
          },
        },
      },
    }),
    db.tradeParty.groupBy({ by: ["role"], where: scope, _count: { _all: true } }),
  ]);
  const counterparties = [
    ...new Set(
      parties.map((p) => (p.role === "payer" ? p.trade.payeeMarketplaceUserId : p.trade.payerMarketplaceUserId)),
    ),
  ];
  const connected = new Set(
    (
      await db.marketplaceUser.findMany({
        where: { tenantId, mode: user.mode, marketplaceUserId: { in: counterparties } },
        select: { marketplaceUserId: true },
      })
    ).map((u) => u.marketplaceUserId),
  );
  const account = user.serviceAccount;
  const inUse = account.bankAccountNumber?.replace(/\s/g, "");
  return {
    user: {
      marketplaceUserId: user.marketplaceUserId,
      mode: user.mode,
      kycLevel: user.kycLevel,
      connectedAt: user.connectedAt,
      firstConnectedAt: user.createdAt,
    },
    person: {
      serviceAccountId: account.id,
      name: account.name,
      phoneNumber: account.phoneNumber,
      // A protected name and address (spec 4.4) is not shown to staff either.
      address: account.nameAddressProtected
        ? null
        : [account.address, [account.postalCode, account.city].filter(Boolean).join(" ")].filter(Boolean).join(", "),
      nameAddressProtected: account.nameAddressProtected,
      // Typed by the person after an eID sign-in that gave no address (MitID at a broker).
      addressSelfDeclared: account.addressSelfDeclared,
      passportVerified: account.passportVerified,
    },
    payoutAccounts: account.payoutAccounts.map((p) => ({
      id: p.id,
      masked: maskAccountNumber(p.accountNumber)!,
      kind: p.kind === "iban" ? "IBAN" : "Danish account",
      bankName: p.bankName,
      holderName: p.holderName,
      addedAt: p.createdAt,
      inUse: p.accountNumber.replace(/\s/g, "") === inUse,
    })),
    // The account in use may predate the list of entered accounts (or come from elsewhere).
    payoutInUse: account.bankAccountNumber
      ? { masked: maskAccountNumber(account.bankAccountNumber)!, bankName: account.bankName }
      : null,
    trades: parties.map((p) => {
      const counterparty = p.role === "payer" ? p.trade.payeeMarketplaceUserId : p.trade.payerMarketplaceUserId;
      return { role: p.role, counterparty, counterpartyConnected: connected.has(counterparty), ...p.trade };
    }),
    tradeCounts: {
      payer: roleCounts.find((c) => c.role === "payer")?._count._all ?? 0,
      payee: roleCounts.find((c) => c.role === "payee")?._count._all ?? 0,
    },
  };
}

export type ConsoleUser = NonNullable<Awaited<ReturnType<typeof loadUserForConsole>>>;

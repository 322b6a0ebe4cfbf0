// The tenant's settings as the settings page shows them, with what decides whether the currency
// may still change (no trade yet, in either mode).
import { db } from "../../db/client.ts";
import type { StaffContext } from "../auth/staff-session.ts";

export async function loadSettings(context: StaffContext) {
  const tenant = await db.tenant.findUniqueOrThrow({ where: { id: context.tenant.id } });
  const firstTrade = await db.trade.findFirst({ where: { tenantId: tenant.id }, select: { id: true } });
  return {
    deadlines: {
      unpaidExpirySeconds: tenant.unpaidExpirySeconds,
      shipmentDeadlineSeconds: tenant.shipmentDeadlineSeconds,
      acceptanceDeadlineSeconds: tenant.acceptanceDeadlineSeconds,
      returnShipmentDeadlineSeconds: tenant.returnShipmentDeadlineSeconds,
      returnAcceptanceDeadlineSeconds: tenant.returnAcceptanceDeadlineSeconds,
    },
    currency: { currency: tenant.currency, hasTrades: firstTrade !== null },
    hostedPages: {
      brandName: tenant.brandName ?? "",
      brandColor: tenant.brandColor ?? "",
      locale: tenant.locale === "da" ? ("da" as const) : ("en" as const),
      allowedRedirectOrigins: tenant.allowedRedirectOrigins,
    },
    businessIds: { allowedBusinessIds: tenant.allowedBusinessIds },
    rateLimitPerMinute: tenant.rateLimitPerMinute,
    // Only the last digits of the fee account are shown, as with payees' accounts.
    feeAccount: tenant.feeAccountNumber
      ? {
          last4: tenant.feeAccountNumber.slice(-4),
          holderName: tenant.feeAccountHolder ?? tenant.name,
          termsAcceptedAt: tenant.feeTermsAcceptedAt?.toISOString() ?? null,
        }
      : null,
    fees: {
      payerPercent: tenant.servicePayerFeePercent.toString(),
      payerFixedMinor: tenant.servicePayerFixedMinor,
      payeePercent: tenant.servicePayeeFeePercent.toString(),
      payeeFixedMinor: tenant.servicePayeeFixedMinor,
    },
  };
}

export type SettingsView = Awaited<ReturnType<typeof loadSettings>>;

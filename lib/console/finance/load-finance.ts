// The console's Finance page: the balance now and at the end of the chosen UTC day, that day's
// movements by type, and the reconciliation. Six queries side by side, whatever the tenant's size.
import { balanceAt, totalOf, type BalanceMinor } from "../../balance/balance-at.ts";
import { BALANCE_FIELDS } from "../../balance/ledger-to-balance.ts";
import { tenantNow } from "../../clock.ts";
import type { Tenant } from "../../db/generated/client.ts";
import { formatMoney } from "../../money/format.ts";
import { dayMovements } from "./day-movements.ts";
import type { FinanceFilterValues } from "./finance-filters.ts";
import { reconcile } from "./reconcile.ts";
import { railMismatches } from "./rail-mismatches.ts";

const DAY_MS = 86_400_000;

const shown = (balances: Map<string, BalanceMinor>) =>
  [...balances].map(([currency, balance]) => ({
    currency,
    fields: BALANCE_FIELDS.map((field) => ({ field, amount: formatMoney(balance[field], currency) })),
    total: formatMoney(totalOf(balance), currency),
  }));

export async function loadFinance(tenant: Tenant, filters: FinanceFilterValues) {
  const scope = { tenantId: tenant.id, mode: filters.mode, currency: tenant.currency };
  const day = filters.day ?? tenantNow(tenant, filters.mode).toISOString().slice(0, 10);
  const start = new Date(`${day}T00:00:00Z`);
  const end = new Date(start.getTime() + DAY_MS);
  // The timestamps keep milliseconds: the last one of the day is the day's end.
  const [now, endOfDay, movements, reconciliation, rail] = await Promise.all([
    balanceAt(scope),
    balanceAt(scope, new Date(end.getTime() - 1)),
    dayMovements(scope, start, end),
    reconcile(scope),
    railMismatches({ tenantId: tenant.id, mode: filters.mode }),
  ]);
  return {
    mode: filters.mode,
    day,
    balanceNow: shown(now),
    balanceAtEndOfDay: shown(endOfDay),
    movements: movements.map((m) => ({
      type: m.type,
      currency: m.currency,
      count: m.count,
      net: formatMoney(m.netMinor, m.currency),
    })),
    reconciliation: {
      agree: reconciliation.agree,
      counts: reconciliation.counts,
      disagreements: reconciliation.disagreements.map((d) => ({
        check: d.check,
        tradeId: d.tradeId,
        note: d.note,
        figures: d.figures.map((f) => ({
          label: f.label,
          ledger: formatMoney(f.ledgerMinor, tenant.currency),
          records: formatMoney(f.recordMinor, tenant.currency),
        })),
      })),
    },
    rail: {
      latest: rail.latest && {
        provider: rail.latest.provider,
        day: rail.latest.periodStart.toISOString().slice(0, 10),
        finishedAt: rail.latest.finishedAt.toISOString(),
        matched: rail.latest.matched,
      },
      count: rail.count,
      mismatches: rail.mismatches.map((m) => ({
        id: m.id,
        provider: m.reconciliation.provider,
        day: m.reconciliation.periodStart.toISOString().slice(0, 10),
        tradeId: m.tradeId,
        objectType: m.objectType,
        kind: m.kind,
        railObjectId: m.railObjectId,
        atRail: m.railAmountMinor === null ? null : formatMoney(m.railAmountMinor, m.currency),
        ours: m.ourAmountMinor === null ? null : formatMoney(m.ourAmountMinor, m.currency),
      })),
    },
  };
}

export type FinancePage = Awaited<ReturnType<typeof loadFinance>>;

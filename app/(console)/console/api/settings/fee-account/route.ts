// POST /console/api/settings/fee-account – the bank account the tenant's share of the fees is paid to (admins)
import { consoleRoute } from "@/lib/console/console-route.ts";
import { settingsFeeAccount } from "@/lib/console/operations/settings.ts";
import { updateFeeAccount } from "@/lib/console/settings/update-fee-account.ts";

export const POST = consoleRoute(settingsFeeAccount, (context, { body, clientAddress }) =>
  updateFeeAccount(context, body, clientAddress),
);

// POST /console/api/settings/currency – change the tenant's currency while it has no trades (admins)
import { consoleBody, consoleJson } from "@/lib/console/console-route.ts";
import { CurrencyBody } from "@/lib/console/settings/settings-rules.ts";
import { updateCurrency } from "@/lib/console/settings/update-currency.ts";

export const POST = consoleJson(async (context, request) =>
  updateCurrency(context, await consoleBody(request, CurrencyBody)),
);

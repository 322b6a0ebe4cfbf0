// POST /console/api/settings/currency – change the tenant's currency while it has no trades (admins)
import { consoleRoute } from "@/lib/console/console-route.ts";
import { settingsCurrency } from "@/lib/console/operations/settings.ts";
import { updateCurrency } from "@/lib/console/settings/update-currency.ts";

export const POST = consoleRoute(settingsCurrency, (context, { body }) => updateCurrency(context, body));

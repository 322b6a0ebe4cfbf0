// The console's settings endpoints: one per section of the settings page, each saving it whole.
import {
  BusinessIdsBody,
  CurrencyBody,
  DeadlinesBody,
  FeeAccountBody,
  HostedPagesBody,
  RateLimitBody,
} from "../settings/settings-rules.ts";
import type { updateBusinessIds } from "../settings/update-business-ids.ts";
import type { updateCurrency } from "../settings/update-currency.ts";
import type { updateDeadlines } from "../settings/update-deadlines.ts";
import type { updateFeeAccount } from "../settings/update-fee-account.ts";
import type { updateHostedPages } from "../settings/update-hosted-pages.ts";
import type { updateApiRateLimit } from "../settings/update-rate-limit.ts";
import { consoleOperation, type ResultOf } from "./operation.ts";

export const settingsBusinessIds = consoleOperation<ResultOf<typeof updateBusinessIds>>()({
  method: "POST",
  path: "/console/api/settings/business-ids",
  body: BusinessIdsBody,
});

export const settingsCurrency = consoleOperation<ResultOf<typeof updateCurrency>>()({
  method: "POST",
  path: "/console/api/settings/currency",
  body: CurrencyBody,
});

export const settingsDeadlines = consoleOperation<ResultOf<typeof updateDeadlines>>()({
  method: "POST",
  path: "/console/api/settings/deadlines",
  body: DeadlinesBody,
});

export const settingsHostedPages = consoleOperation<ResultOf<typeof updateHostedPages>>()({
  method: "POST",
  path: "/console/api/settings/hosted-pages",
  body: HostedPagesBody,
});

export const settingsRateLimit = consoleOperation<ResultOf<typeof updateApiRateLimit>>()({
  method: "POST",
  path: "/console/api/settings/rate-limit",
  body: RateLimitBody,
});

export const settingsFeeAccount = consoleOperation<ResultOf<typeof updateFeeAccount>>()({
  method: "POST",
  path: "/console/api/settings/fee-account",
  body: FeeAccountBody,
});

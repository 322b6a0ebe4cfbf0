// Every word of en.ts in Danish, one file per area in da/, each typed by its English one, so a
// missing text fails the build; tests/unit/i18n.test.ts checks that none is empty or left in English.
import type { Messages } from "./en.ts";
import { hostedPages } from "./da/hosted-pages.ts";
import { statusPage } from "./da/status-page.ts";
import { trade } from "./da/trade.ts";

export const da: Messages = { ...hostedPages, status: statusPage, trade };

// Every word the service says to a buyer or a seller, in English: the hosted pages, and the trade
// as the API describes it to each party (status, actions, timeline), one file per area in en/.
// This object is the shape: da.ts is typed by it, so a text missing in Danish fails the build.
import { hostedPages } from "./en/hosted-pages.ts";
import { statusPage } from "./en/status-page.ts";
import { trade } from "./en/trade.ts";

export { SERVICE_NAME, type PartyStatusText, type TimelineStepText } from "./common.ts";

export const en = { ...hostedPages, status: statusPage, trade };

export type Messages = typeof en;

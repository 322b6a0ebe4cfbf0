// A Trade's record encoded as UTF-8 JSON on its own, for answers that assemble a page from records
// (lib/prepared-json.ts). Encoding record by record costs about half of encoding the page as one
// value (measured on a 20-trade page of 90 KB: about 265 µs against 495 µs), for two reasons:
// one record with a character outside Latin-1 (an en dash in a status title) makes V8 build the
// rest of a whole-page string with two bytes per character, and turning one large string into
// bytes costs more per byte than turning small ones. The text is written by a writer compiled
// from the Trade's schema (lib/compiled-json.ts): the same text JSON.stringify gives for the
// serializer's value, whose fields come in the schema's order (tests/unit/encode-trade.test.ts),
// in about two thirds of its time (docs/performance.md).
import { compiledJson } from "../compiled-json.ts";
import type { Locale } from "../locale.ts";
import { Trade } from "./schemas.ts";
import { serializeTrade } from "./serialize-trade.ts";
import type { TradeView } from "./store/reads.ts";

const tradeJson = compiledJson(Trade);

export function encodeTrade(view: TradeView, locale: Locale): Buffer {
  return Buffer.from(tradeJson(serializeTrade(view, locale)));
}

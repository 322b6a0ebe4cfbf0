// A JSON answer already encoded as UTF-8: a route that assembles its answer from parts it keeps
// encoded (Get trades, from rendered Trades: lib/trades/rendered-trades.ts) returns one, and the
// route wrapper (lib/api/route.ts) writes its bytes as they are instead of serializing a value.
export class PreparedJson {
  constructor(readonly bytes: Buffer) {}

  /** `{"<key>":[<items>],…rest}`: an object whose first field is an array of encoded items. */
  static objectWithArray(key: string, items: Buffer[], rest: Record<string, unknown>): PreparedJson {
    const parts: Buffer[] = [Buffer.from(`{${JSON.stringify(key)}:[`)];
    items.forEach((item, index) => {
      if (index > 0) parts.push(COMMA);
      parts.push(item);
    });
    const tail = JSON.stringify(rest).slice(1);
    parts.push(Buffer.from(tail === "}" ? "]}" : `],${tail}`));
    return new PreparedJson(Buffer.concat(parts));
  }
}

const COMMA = Buffer.from(",");

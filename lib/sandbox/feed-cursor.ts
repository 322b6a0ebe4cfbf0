// The sandbox event feed's cursor: a position in its order (dispatch time, creation time, the
// trade's sequence, the event id), handed out as base64url text and read back only if every part
// is one the feed could have given out. A part the database cannot hold (a sequence past int4, a
// year PostgreSQL's timestamps do not reach, a NUL character) is a 400 on `cursor` here, never a
// failed statement.
import { AppError } from "../errors.ts";

export interface FeedPosition {
  at: Date;
  createdAt: Date;
  sequence: number;
  id: string;
}

const INT4_MAX = 2 ** 31 - 1;
// The feed's times come from the database's clock, and its start is the epoch: nothing before.
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
// Event ids are ours (ids and dashes); the cursor's text is at most 200 characters anyway.
const EVENT_ID = /^[A-Za-z0-9._:-]{0,128}$/;

export const formatCursor = (p: FeedPosition) =>
  Buffer.from([p.at.toISOString(), p.createdAt.toISOString(), p.sequence, p.id].join("|")).toString("base64url");

export function parseCursor(cursor: string): FeedPosition {
  const parts = /^[A-Za-z0-9_-]*$/.test(cursor) ? Buffer.from(cursor, "base64url").toString("utf8").split("|") : [];
  const [at, createdAt, sequence, id] = parts;
  const position =
    parts.length === 4
      ? { at: time(at!), createdAt: time(createdAt!), sequence: int4(sequence!), id: EVENT_ID.test(id!) ? id! : null }
      : null;
  if (!position || !position.at || !position.createdAt || position.sequence === null || position.id === null) {
    throw AppError.field(
      "cursor",
      "Not a cursor this feed gave out: pass the `cursor` of the previous answer, or none.",
    );
  }
  return position as FeedPosition;
}

/** A time as the feed writes it (toISOString, exactly), within the years it can hold. */
function time(text: string): Date | null {
  const date = new Date(text);
  const ms = date.getTime();
  return ms >= EARLIEST && ms <= LATEST && date.toISOString() === text ? date : null;
}

/** A sequence as the feed writes it: -1 (the start) up to PostgreSQL's int4. */
function int4(text: string): number | null {
  if (!/^-?[0-9]{1,10}$/.test(text)) return null;
  const value = Number(text);
  return value >= -1 && value <= INT4_MAX ? value : null;
}

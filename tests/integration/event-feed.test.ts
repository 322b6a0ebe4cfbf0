// The sandbox event feed over real HTTP (security findings 1 and 6 of the second probe): waiting
// feeds share one poll of the database per process, a feed whose client left stops at once and
// asks the database nothing more, one token holds at most five feeds open, and a cursor the feed
// never gave out is a 400 on `cursor` however it was crafted.
import "../helpers/next-runtime.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedWaitsReading } from "../../lib/sandbox/feed-waits.ts";
import { dispatchOutbox } from "../../lib/webhooks/dispatch.ts";
import { startHttpApi } from "../helpers/http-api.ts";
import { poolActivity } from "../helpers/pool-activity.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db, freshTenant } from "../helpers/tenants.ts";
import { waitFor } from "../helpers/webhook-receiver.ts";

let api: Awaited<ReturnType<typeof startHttpApi>>;
const activity = poolActivity();
const warnings: string[] = [];
const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);

beforeAll(async () => {
  api = await startHttpApi();
  process.on("warning", onWarning);
}, 60_000);

afterAll(async () => {
  process.off("warning", onWarning);
  await api.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function feed(token: string, query: string, signal?: AbortSignal) {
  const response = await fetch(`${api.origin}/api/v1/sandbox/events/feed${query}`, {
    headers: { authorization: `Bearer ${token}` },
    signal,
  });
  return { status: response.status, headers: response.headers, json: await response.json() };
}

/** `count` feeds of the token waiting up to 25 s, each with its own client to hang up. */
function openFeeds(token: string, count: number) {
  return Array.from({ length: count }, () => {
    const client = new AbortController();
    const opened = { client, answered: false, answer: feed(token, "?waitSeconds=25", client.signal) };
    opened.answer.then(
      () => (opened.answered = true),
      () => {}, // hung up
    );
    return opened;
  });
}

describe("the sandbox event feed", () => {
  it("waits on one poll for every tenant's feeds, wakes only the tenant with news, and stops when the client leaves", async () => {
    const tenants = [await freshTenant(), await freshTenant(), await freshTenant()];
    const feeds = tenants.map((tenant) => openFeeds(tenant.testApiKey, 5));
    // Every feed has taken its starting point and read once before the event below happens: a feed
    // still queued for its first read would start after the event and rightly never see it.
    await waitFor(() => feedWaitsReading().waiting === 15, 20_000, "15 feeds to be waiting on the poller");

    // 15 feeds used to ask the database every 500 ms each: 60 statements in 2 s. One poll for all.
    const taken = await activity.during(() => sleep(2_000));
    expect(taken).toBeLessThanOrEqual(6);

    // An event of the first tenant answers its feeds, and only those.
    expect((await tenantClient(tenants[0]!.testApiKey).connect("seller")).status).toBe(200);
    // The outbox is shared with the other test files running at once, whose events may fill a
    // dispatch batch: dispatch until this tenant's event is out.
    const undispatched = () => db.outboxEvent.count({ where: { tenantId: tenants[0]!.tenantId, dispatchedAt: null } });
    await waitFor(
      async () => (await dispatchOutbox(), (await undispatched()) === 0),
      10_000,
      "the event to be dispatched",
    );
    const answers = await Promise.all(feeds[0]!.map((opened) => opened.answer));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.json.events.map((event: { eventName: string }) => event.eventName)).toEqual(["user.connected"]);
    }
    expect(
      feeds
        .slice(1)
        .flat()
        .filter((opened) => opened.answered),
    ).toEqual([]);
    expect(api.running()).toBe(10);

    // The other clients hang up: their requests end, and nothing asks the database for them any more.
    for (const opened of feeds.slice(1).flat()) opened.client.abort();
    await waitFor(() => api.running() === 0, 5_000, "the abandoned feeds to end");
    await activity.fallsQuiet(1_500, 5_000, "for feeds whose clients left");
    expect(warnings.filter((warning) => warning.startsWith("MaxListenersExceededWarning"))).toEqual([]);
  });

  it("keeps at most five feeds of one token open: one more is 429 with Retry-After until one closes", async () => {
    const tenant = await freshTenant();
    const other = await freshTenant();
    const feeds = openFeeds(tenant.testApiKey, 5);
    await waitFor(() => api.running() === 5, 10_000, "5 feeds to be waiting");

    const refused = await feed(tenant.testApiKey, "?waitSeconds=0");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(refused.json).toMatchObject({ status: 429, typeCode: "rate-limited", errors: [] });
    expect(refused.json.detail).toContain("At most 5 event feeds of one API token");
    // Another token is not held up by this one's feeds.
    expect((await feed(other.testApiKey, "?waitSeconds=0")).status).toBe(200);

    // A client that hangs up gives its place back.
    feeds[0]!.client.abort();
    await waitFor(() => api.running() === 4, 5_000, "the closed feed to end");
    expect((await feed(tenant.testApiKey, "?waitSeconds=0")).status).toBe(200);
    for (const opened of feeds) opened.client.abort();
    await waitFor(() => api.running() === 0, 5_000, "the feeds to end");
  });

  it("answers a crafted cursor with a 400 on `cursor`, and takes back the ones it gave out", async () => {
    const tenant = await freshTenant();
    const first = await feed(tenant.testApiKey, "?waitSeconds=0");
    expect(first.status).toBe(200);
    const given: string = first.json.cursor;
    expect((await feed(tenant.testApiKey, `?cursor=${given}`)).status).toBe(200);

    const parts = Buffer.from(given, "base64url").toString("utf8").split("|");
    const crafted = (index: number, value: string) =>
      Buffer.from(parts.map((part, i) => (i === index ? value : part)).join("|")).toString("base64url");
    const cases: [string, string][] = [
      ["a sequence of 2^31", crafted(2, "2147483648")],
      ["a sequence below the start", crafted(2, "-2")],
      ["a sequence in exponent form", crafted(2, "1e3")],
      ["year −271821 (the earliest JavaScript date)", crafted(0, "-271821-04-20T00:00:00.000Z")],
      ["year +275760 in the second time", crafted(1, "+275760-09-13T00:00:00.000Z")],
      ["year 0000", crafted(0, "0000-01-01T00:00:00.000Z")],
      ["month 13", crafted(0, "2026-13-45T00:00:00.000Z")],
      ["a time without its zone", crafted(1, "2026-11-25T08:33:51")],
      ["a NUL character in the id", crafted(3, "evt\u0000id")],
      ["a lone surrogate in the id", crafted(3, "evt\ud800")],
      ["five parts", Buffer.from([...parts, "x"].join("|")).toString("base64url")],
      ["not base64url", `${given}+/`],
    ];
    for (const [label, cursor] of cases) {
      const answer = await feed(tenant.testApiKey, `?cursor=${encodeURIComponent(cursor)}`);
      expect({ label, status: answer.status, errors: answer.json.errors }).toEqual({
        label,
        status: 400,
        errors: [{ key: "cursor", value: expect.stringContaining("Not a cursor") }],
      });
    }
  });
});

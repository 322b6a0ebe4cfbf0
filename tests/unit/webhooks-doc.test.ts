// docs/webhooks.md lists every event the service sends (issue 33: the payout events and
// webhook.test were missing): its table holds exactly the code's event names, each once.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EVENT_NAMES, TEST_EVENT_NAME } from "../../lib/webhooks/event-names.ts";

const doc = readFileSync("docs/webhooks.md", "utf8");

describe("docs/webhooks.md", () => {
  it("lists every event the service sends, and nothing else", () => {
    const section = doc.split("## Every event the service sends")[1]?.split("\n## ")[0] ?? "";
    const listed = [...section.matchAll(/^\| `([a-z._]+)` \|/gm)].map((match) => match[1]);
    expect(listed.length).toBe(new Set(listed).size);
    expect([...listed].sort()).toEqual([...EVENT_NAMES, TEST_EVENT_NAME].sort());
  });
});

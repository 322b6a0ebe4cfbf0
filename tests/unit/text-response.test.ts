// A route's JSON answer reaches the client whole on both servers: Next reads the Response's body,
// the production server (lib/http/serve-api.ts) the text the route kept beside an empty body.
import { describe, expect, it } from "vitest";
import { responseText, takesResponseText, textResponse } from "../../lib/http/text-response.ts";

const text = JSON.stringify({ trades: [{ title: "Cykel æøå — 🚲" }], pagination: { page: 1 } });
const init = { status: 200, headers: { "Content-Type": "application/json" } };

describe("textResponse", () => {
  it("gives Next an ordinary Response with the text as its body", async () => {
    const response = textResponse(new Request("http://x/api/v1/x"), text, init);
    expect(responseText(response)).toBeUndefined();
    expect(await response.text()).toBe(text);
    expect(response.headers.get("content-type")).toBe("application/json");
  });

  it("gives serveApi's marked Request the text itself, to be encoded once", async () => {
    const response = textResponse(takesResponseText(new Request("http://x/api/v1/x")), text, init);
    expect(responseText(response)).toBe(text);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.body).toBeNull();
  });

  it("answers 204 without a body either way", async () => {
    const plain = textResponse(new Request("http://x/"), "", { status: 204 });
    expect(plain.body).toBeNull();
    const marked = textResponse(takesResponseText(new Request("http://x/")), "", { status: 204 });
    expect(responseText(marked)).toBe("");
  });
});

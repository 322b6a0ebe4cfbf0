// Request bodies as the production server reads them (lib/http/serve-api.ts reads Node's stream
// itself, lib/http/read-node-body.ts), over real HTTP: a body in one piece or in many chunks, a
// body over the API's limit whether its length is declared or not, and bytes that are not JSON.
// Each refusal is the API's error record, and it reaches the client before the connection closes.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "../../lib/http/request-body.ts";
import { startHttpApi } from "../helpers/http-api.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

let api: Awaited<ReturnType<typeof startHttpApi>>;
let token: string;
let tenantId: string;
beforeAll(async () => {
  api = await startHttpApi();
  const tenant = await freshTenant();
  [token, tenantId] = [tenant.testApiKey, tenant.tenantId];
}, 60_000);
afterAll(() => api.close());

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  json: { typeCode?: string; marketplaceUserId?: string };
}

/** POSTs the chunks one write each; `declared` sends Content-Length, otherwise the body is chunked. */
function post(path: string, chunks: string[], { declared }: { declared: boolean }): Promise<Answer> {
  const length = chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk), 0);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${api.origin}/api/v1${path}`,
      {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          ...(declared ? { "content-length": String(length) } : {}),
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, headers: response.headers, json: JSON.parse(text) }),
        );
      },
    );
    // A server that answers before reading the whole body may close the connection while the rest
    // is still being written: that is the refusal working, not a failure of the test.
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    for (const chunk of chunks) request.write(chunk);
    request.end();
  });
}

const connectPath = (user: string) => `/sandbox/users/${user}/connect`;

describe("request bodies through the production server's reader", () => {
  it("reads a JSON body sent in one piece and one sent in many chunks", async () => {
    const whole = await post(connectPath("body-whole"), ['{"kycLevel":1}'], { declared: true });
    expect(whole.status).toBe(200);
    expect(whole.json.marketplaceUserId).toBe("body-whole");

    const chunked = await post(connectPath("body-chunked"), ['{"kyc', 'Level"', ":1}"], { declared: false });
    expect(chunked.status).toBe(200);
    expect(chunked.json.marketplaceUserId).toBe("body-chunked");
  });

  it("refuses a body declared over the limit with 413 and closes the connection", async () => {
    const body = `{"kycLevel":1,"pad":"${"x".repeat(MAX_BODY_BYTES)}"}`;
    const answer = await post(connectPath("body-declared-large"), [body], { declared: true });
    expect(answer.status).toBe(413);
    expect(answer.json.typeCode).toBe("payload-too-large");
    expect(answer.headers.connection).toBe("close");
  });

  it("refuses a chunked body once it passes the limit with 413, and the user is not connected", async () => {
    const pad = "x".repeat(64 * 1024);
    const chunks = ['{"kycLevel":1,"pad":"', ...Array.from({ length: 20 }, () => pad), '"}'];
    const answer = await post(connectPath("body-chunked-large"), chunks, { declared: false });
    expect(answer.status).toBe(413);
    expect(answer.json.typeCode).toBe("payload-too-large");
    expect(answer.headers.connection).toBe("close");

    // Nothing was done, and the server still serves the next request.
    const users = await db.marketplaceUser.count({ where: { tenantId, marketplaceUserId: "body-chunked-large" } });
    expect(users).toBe(0);
    const after = await post(connectPath("body-after-refusal"), ['{"kycLevel":1}'], { declared: true });
    expect(after.status).toBe(200);
  });

  it("refuses bytes that are not JSON with 400 malformed-request, keeping the connection", async () => {
    const answer = await post(connectPath("body-broken"), ['{"kycLevel":'], { declared: true });
    expect(answer.status).toBe(400);
    expect(answer.json.typeCode).toBe("malformed-request");
    expect(answer.headers.connection).not.toBe("close");
  });
});

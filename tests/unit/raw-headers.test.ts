// lib/http/raw-headers.ts reads an API call's headers from Node's raw lines instead of
// request.headers; it must give what request.headers gives, for the headers the server reads:
// X-Forwarded-For's repeated lines joined, the first Host and Content-Length. Real requests,
// written byte by byte to a real node:http server, in any letter case and repetition.
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawHeader } from "../../lib/http/raw-headers.ts";

type Seen = { raw: ReturnType<typeof read>; parsed: ReturnType<typeof read> };
const read = (headers: (name: string) => string | string[] | undefined) => ({
  forwardedFor: headers("x-forwarded-for"),
  host: headers("host"),
  contentLength: headers("content-length"),
});

let server: http.Server;
let seen: Seen[] = [];
beforeAll(async () => {
  server = http.createServer((request, response) => {
    const raw = read((name) => rawHeader(request.rawHeaders, name, name === "x-forwarded-for" ? "join" : "first"));
    const parsed = read((name) => request.headers[name]);
    seen.push({ raw, parsed });
    request.resume();
    request.on("end", () => response.end("ok"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends one request with these header lines and waits for the answer. */
function send(lines: string[]): Promise<void> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () =>
      socket.write(`POST /api/v1/x HTTP/1.1\r\n${lines.map((l) => `${l}\r\n`).join("")}Connection: close\r\n\r\n`),
    );
    socket.on("data", () => {});
    socket.on("end", resolve);
    socket.on("error", reject);
  });
}

describe("rawHeader", () => {
  it.each([
    [["Host: a.example", "Content-Length: 0"]],
    [["host: a.example", "X-Forwarded-For: 203.0.113.7", "content-length: 0"]],
    [
      [
        "Host: a.example",
        "X-Forwarded-For: 203.0.113.7",
        "x-forwarded-for: 10.0.0.1, 10.0.0.2",
        "X-FORWARDED-FOR: ::1",
      ],
    ],
    [["Host: a.example", "Host: b.example", "Content-Length: 0"]],
    [["HOST: a.example:8080", "X-Forwarded-For:   198.51.100.1  "]],
    [["Host: a.example", "X-Forwarded-For: "]],
  ])("gives what request.headers gives for %j", async (lines) => {
    seen = [];
    await send(lines);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.raw).toEqual(seen[0]!.parsed);
  });

  it("is undefined for a header not sent, as request.headers is", async () => {
    seen = [];
    await send(["Host: a.example"]);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.raw.forwardedFor).toBeUndefined();
    expect(seen[0]!.raw).toEqual(seen[0]!.parsed);
  });
});

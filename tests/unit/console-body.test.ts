// The console's JSON bodies are read like the API's: bounded, JSON only, checked field by field.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { consoleBody } from "../../lib/console/console-route.ts";

const Body = z.strictObject({ name: z.string().min(1).max(20) });
const post = (body: string, contentType = "application/json") =>
  new Request("http://console.test/x", { method: "POST", headers: { "Content-Type": contentType }, body });

describe("consoleBody", () => {
  it("returns a body of the right shape", async () => {
    expect(await consoleBody(post('{"name":"Ada"}'), Body)).toEqual({ name: "Ada" });
  });

  it("refuses an oversized body with 413, before parsing it", async () => {
    await expect(consoleBody(post(JSON.stringify({ name: "x".repeat(70_000) })), Body)).rejects.toMatchObject({
      code: "payload-too-large",
      status: 413,
    });
  });

  it("refuses what is not JSON, not UTF-8 or not sent as JSON with 400 malformed-request", async () => {
    await expect(consoleBody(post("{name:"), Body)).rejects.toMatchObject({ code: "malformed-request", status: 400 });
    await expect(consoleBody(post('{"name":"Ada"}', "text/plain"), Body)).rejects.toMatchObject({
      code: "malformed-request",
    });
    await expect(
      consoleBody(
        new Request("http://console.test/x", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: new Uint8Array([0x7b, 0xff, 0x7d]),
        }),
        Body,
      ),
    ).rejects.toMatchObject({ code: "malformed-request" });
  });

  it("names each field that is wrong, and an empty body as the body", async () => {
    await expect(consoleBody(post('{"name":"","extra":1}'), Body)).rejects.toMatchObject({
      code: "validation-error",
      status: 400,
      errors: expect.arrayContaining([expect.objectContaining({ key: "name" })]),
    });
    await expect(consoleBody(post(""), Body)).rejects.toMatchObject({
      code: "validation-error",
      errors: [expect.objectContaining({ key: "body" })],
    });
  });
});

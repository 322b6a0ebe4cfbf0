// A real HTTP endpoint on loopback that records what it receives; its answer is programmable.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  headers: Record<string, string>;
  body: string;
  at: number;
}

export async function startReceiver(
  answer: (received: Received, count: number) => Promise<number> | number = () => 204,
) {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", async () => {
      const entry = { headers: request.headers as Record<string, string>, body, at: Date.now() };
      const status = await answer(entry, received.length);
      if (status >= 200 && status < 300) received.push(entry);
      response.writeHead(status).end(status === 204 ? undefined : "not now");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 20_000, what = "condition") {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// Our rail-events route on a real HTTP listener, as a rail (or its stand-in) reaches it over the
// network: the raw body and headers go to the route handler unchanged.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { POST as railEvents } from "../../app/rail-events/[provider]/route.ts";

export interface RailEventReceiver {
  url: string;
  close(): Promise<void>;
}

export async function startRailEventReceiver(provider: string): Promise<RailEventReceiver> {
  const server: Server = createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const request = new Request(`http://127.0.0.1${incoming.url}`, {
      method: "POST",
      headers: Object.entries(incoming.headers).flatMap(([name, value]) =>
        typeof value === "string" ? [[name, value] as [string, string]] : [],
      ),
      body: Buffer.concat(chunks),
    });
    const answer = await railEvents(request, { params: Promise.resolve({ provider }) });
    outgoing.writeHead(answer.status, { "content-type": "application/json" });
    outgoing.end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/rail-events/${provider}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// A file answer: a streamed body with its type and the name a browser saves it under. Route
// wrappers (lib/api/route.ts, lib/console/console-route.ts) answer it as it is instead of as JSON.
export class Download {
  constructor(
    readonly body: ReadableStream<Uint8Array>,
    readonly contentType: string,
    readonly filename: string,
  ) {}

  response(): Response {
    return new Response(this.body, {
      status: 200,
      headers: {
        "Content-Type": this.contentType,
        // The name is ours (kind, mode, dates): plain ASCII, nothing to escape.
        "Content-Disposition": `attachment; filename="${this.filename}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  }
}

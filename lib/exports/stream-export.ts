// An export as a byte stream read from the database as the client reads it: the stream pulls the
// next batch only when the previous one has been taken (ReadableStream backpressure), so memory
// holds one batch whatever the size of the range.
import { Download } from "./download.ts";
import { log } from "../ops/log.ts";
import { FILE_FORMATS, type ExportFormat } from "./formats.ts";
import type { ExportScope, RowSource } from "./row-source.ts";

async function* exportText<Row>(
  source: RowSource<Row>,
  format: ExportFormat,
  scope: ExportScope,
): AsyncGenerator<string> {
  const file = FILE_FORMATS[format];
  const header = file.header(source.columns as never);
  let first = header;
  for await (const batch of source.batches(scope)) {
    let text = first;
    first = "";
    for (const row of batch) text += file.row(source.columns, row);
    yield text;
  }
  if (first) yield first; // an empty range is the header alone
}

/**
 * The export as a download. The first batch is read before answering, so that a failure to reach
 * the database is still the error record; a failure after that can only cut the transfer short
 * (the body then ends without its last chunk, which HTTP clients report as an error).
 */
export async function streamExport<Row>(
  source: RowSource<Row>,
  format: ExportFormat,
  scope: ExportScope,
): Promise<Download> {
  const chunks = exportText(source, format, scope);
  const encoder = new TextEncoder();
  const first = await chunks.next();
  let pending: IteratorResult<string> | null = first;
  // The client can go while a batch is being read: the stream is closed by then, and handing the
  // batch over would throw (it was logged as a failed export for every client that hung up).
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        // A pull must enqueue or close: an empty chunk would leave the reader waiting.
        let next = pending ?? (await chunks.next());
        pending = null;
        while (!next.done && !next.value && !cancelled) next = await chunks.next();
        if (cancelled) return;
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        if (cancelled) return;
        log.error("export stream failed", error, { tenantId: scope.tenantId, kind: source.kind });
        controller.error(error);
      }
    },
    async cancel() {
      cancelled = true;
      await chunks.return(undefined);
    },
  });
  return new Download(body, FILE_FORMATS[format].contentType, fileName(source.kind, format, scope));
}

/** `trades-test-20261101T000000Z-20261201T000000Z.csv`: what, which mode, from, to. */
function fileName(kind: string, format: ExportFormat, scope: ExportScope): string {
  const stamp = (date: Date) =>
    date
      .toISOString()
      .replace(/\.\d{3}Z$/, "Z")
      .replace(/[-:]/g, "");
  return `${kind}-${scope.mode}-${stamp(scope.from)}-${stamp(scope.to)}.${FILE_FORMATS[format].extension}`;
}

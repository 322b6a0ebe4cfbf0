// The label of a shipment as a base64 PDF: GET /shipments/{id}/labels, which answers a list of
// Label objects (`base64`, `file_format`). For PDF formats Shipmondo collects all the shipment's
// labels in one object (the operation's description), so the first PDF is the whole label.
import type { ShipmondoClient } from "./client.ts";
import { ShipmondoError } from "./shipmondo-error.ts";

/** A4 PDF: our sellers are private people printing on plain paper, not on a label printer. */
export const LABEL_FORMAT = "a4_pdf";

export async function fetchLabelPdf(client: ShipmondoClient, shipmentId: string): Promise<string> {
  const path = `/shipments/${encodeURIComponent(shipmentId)}/labels`;
  const answer = await client.call("GET", path, { query: { label_format: LABEL_FORMAT } });
  const labels = Array.isArray(answer.body) ? (answer.body as Record<string, unknown>[]) : [];
  const pdf = labels.find((label) => label.file_format === "pdf" && typeof label.base64 === "string");
  if (!pdf) throw new ShipmondoError("bad_response", `Shipmondo GET ${path} answered no PDF label`);
  return pdf.base64 as string;
}

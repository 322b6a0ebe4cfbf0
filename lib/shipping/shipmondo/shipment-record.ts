// The few fields of Shipmondo's Shipment object (components.schemas.Shipment) the adapter reads,
// checked as they arrive: an answer without them is a bad_response, not a label we half know.
import { ShipmondoError } from "./shipmondo-error.ts";

export interface ShipmentRecord {
  /** Shipment.id (an integer at Shipmondo), as text: our providerReference. */
  id: string;
  /** Shipment.pkg_no: the carrier's shipment number, what the buyer tracks. */
  packageNumber: string;
  carrierCode: string;
  productCode: string;
  /** Shipment.reference: ours, the labelId (create-shipment.ts). */
  reference: string | null;
  /** Base64 PDFs in the answer to POST /shipments when label_format was sent (CreateShipmentResponse.labels). */
  pdfLabels: string[];
}

export function readShipment(value: unknown, what: string): ShipmentRecord {
  const shipment = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  const { id, pkg_no: packageNumber, carrier_code: carrierCode, product_code: productCode, reference } = shipment;
  if (typeof id !== "number" || typeof packageNumber !== "string" || packageNumber === "") {
    throw new ShipmondoError("bad_response", `${what}: the shipment has no id or pkg_no`);
  }
  const labels = Array.isArray(shipment.labels) ? (shipment.labels as Record<string, unknown>[]) : [];
  return {
    id: String(id),
    packageNumber,
    carrierCode: typeof carrierCode === "string" ? carrierCode : "",
    productCode: typeof productCode === "string" ? productCode : "",
    reference: typeof reference === "string" ? reference : null,
    pdfLabels: labels
      .filter((label) => label.file_format === "pdf" && typeof label.base64 === "string")
      .map((label) => label.base64 as string),
  };
}

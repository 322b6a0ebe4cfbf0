// The stand-in's answers to the operations it serves, one handler per operationId of Shipmondo's
// document. Requests reach these only after openapi-backend has checked authentication and the
// request against the published schema (api.ts), so a handler checks only what the schema cannot:
// products it knows, weights within a product's limit, shipments that exist.
import { labelPdfBase64 } from "./label-pdf.ts";
import { priceBeforeVat, priceFor, productByCode, PRODUCTS } from "./price-table.ts";
import { publicWebhook, type JsonRecord, type StandInState, type StoredShipment } from "./state.ts";

export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface OperationInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: JsonRecord;
}

/** Shipmondo's error shape (components.responses): `{ "error": "<text>" }`. */
export const errorAnswer = (status: number, error: string): Answer => ({ status, body: { error } });
const notFound = () => errorAnswer(404, "Resource not found");

const totalWeight = (parcels: unknown): number =>
  (Array.isArray(parcels) ? (parcels as JsonRecord[]) : []).reduce(
    (sum, parcel) => sum + Number(parcel.weight ?? 0) * Number(parcel.quantity ?? 1),
    0,
  );

/** An 11-digit package number, distinct per shipment, in the form GLS and PostNord numbers take. */
const packageNumberOf = (id: number, carrierCode: string) =>
  `${carrierCode === "pdk" ? "7" : "5"}${String(id).padStart(10, "0")}`;

function quotesList(_state: StandInState, input: OperationInput): Answer {
  const weight = totalWeight(input.body.parcels);
  const lines = PRODUCTS.flatMap((product) => {
    const price = priceFor(product, weight);
    if (price === null) return [];
    return [
      {
        carrier_code: product.carrierCode,
        description: product.description,
        product_code: product.productCode,
        service_codes: "",
        // Numbers, as the schema types them; Number(text) prints back as the same text.
        price: Number(price),
        price_before_vat: Number(priceBeforeVat(price)),
        currency_code: "DKK",
      },
    ];
  });
  return { status: 200, body: lines };
}

function shipmentsCreate(state: StandInState, input: OperationInput): Answer {
  const body = input.body;
  const product = productByCode(String(body.product_code));
  if (!product) return errorAnswer(422, `Product not found: ${String(body.product_code)}`);
  const weight = totalWeight(body.parcels);
  const price = priceFor(product, weight);
  if (price === null) return errorAnswer(422, `The weight ${weight} g exceeds the limit of ${product.productCode}`);
  const labelFormat = typeof body.label_format === "string" ? body.label_format : null;
  if (labelFormat !== null && !labelFormat.endsWith("_pdf")) {
    return errorAnswer(422, `The stand-in makes PDF labels only, not ${labelFormat}`);
  }
  const id = state.nextShipmentId();
  const now = new Date().toISOString();
  const packageNumber = packageNumberOf(id, product.carrierCode);
  const shipment: StoredShipment["shipment"] = {
    id,
    created_at: now,
    updated_at: now,
    carrier_code: product.carrierCode,
    description: product.description,
    contents: typeof body.contents === "string" ? body.contents : null,
    term_of_trade: typeof body.term_of_trade === "string" ? body.term_of_trade : "DAP",
    product_id: product.productId,
    product_code: product.productCode,
    service_codes: String(body.service_codes ?? ""),
    customer_number: null,
    price,
    reference: typeof body.reference === "string" ? body.reference : null,
    additional_reference: typeof body.additional_reference === "string" ? body.additional_reference : null,
    order_id: null,
    pkg_no: packageNumber,
    parties: Array.isArray(body.parties) ? body.parties : [],
    parcels: (Array.isArray(body.parcels) ? (body.parcels as JsonRecord[]) : []).map((parcel) => ({
      quantity: Number(parcel.quantity ?? 1),
      weight: Number(parcel.weight),
      pkg_no: packageNumber,
      pkg_nos: [packageNumber],
    })),
    source_type: "api",
    paperless_trade: false,
  };
  state.shipments.set(id, { shipment, cancelled: false });
  const labels =
    labelFormat === null ? {} : { labels: [{ base64: labelPdfBase64(packageNumber), file_format: "pdf" }] };
  return { status: 200, body: { ...shipment, ...labels } };
}

function shipmentsList(state: StandInState, input: OperationInput): Answer {
  const { query } = input;
  const from = typeof query.created_at_min === "string" ? Date.parse(query.created_at_min) : Number.NEGATIVE_INFINITY;
  const to = typeof query.created_at_max === "string" ? Date.parse(query.created_at_max) : Number.POSITIVE_INFINITY;
  const matching = [...state.shipments.values()]
    .map((stored) => stored.shipment)
    .filter((shipment) => query.id === undefined || shipment.id === query.id)
    .filter((shipment) => query.order_id === undefined || shipment.order_id === query.order_id)
    .filter((shipment) => query.package_number === undefined || shipment.pkg_no === query.package_number)
    .filter((shipment) => query.carrier_code === undefined || shipment.carrier_code === query.carrier_code)
    .filter((shipment) => Date.parse(shipment.created_at) >= from && Date.parse(shipment.created_at) <= to);
  const perPage = Math.min(Number(query.per_page ?? 20), 50);
  const page = Number(query.page ?? 1);
  const totalPages = Math.max(1, Math.ceil(matching.length / perPage));
  return {
    status: 200,
    body: matching.slice((page - 1) * perPage, page * perPage),
    headers: {
      "X-Current-Page": String(page),
      "X-Per-Page": String(perPage),
      "X-Total-Count": String(matching.length),
      "X-Total-Pages": String(totalPages),
    },
  };
}

function shipmentGet(state: StandInState, input: OperationInput): Answer {
  const stored = state.shipments.get(Number(input.params.id));
  return stored ? { status: 200, body: stored.shipment } : notFound();
}

function shipmentLabels(state: StandInState, input: OperationInput): Answer {
  const stored = state.shipments.get(Number(input.params.id));
  if (!stored) return notFound();
  const format = typeof input.query.label_format === "string" ? input.query.label_format : "a4_pdf";
  if (!format.endsWith("_pdf")) return errorAnswer(422, `The stand-in makes PDF labels only, not ${format}`);
  return { status: 200, body: [{ base64: labelPdfBase64(stored.shipment.pkg_no), file_format: "pdf" }] };
}

function shipmentCancel(state: StandInState, input: OperationInput): Answer {
  const stored = state.shipments.get(Number(input.params.id));
  if (!stored) return notFound();
  stored.cancelled = true;
  return { status: 200, body: { cancelled: true, cancelled_at_carrier: true, refunded: false } };
}

function webhooksList(state: StandInState): Answer {
  return { status: 200, body: state.webhooks.map(publicWebhook) };
}

function webhookCreate(state: StandInState, input: OperationInput): Answer {
  const now = new Date().toISOString();
  const webhook = {
    id: state.nextWebhookId(),
    name: String(input.body.name),
    endpoint: String(input.body.endpoint),
    key: String(input.body.key),
    action: String(input.body.action),
    resource_name: String(input.body.resource_name),
    active: true,
    created_at: now,
    updated_at: now,
  };
  state.webhooks.push(webhook);
  // The document answers a list of Webhook objects.
  return { status: 200, body: [publicWebhook(webhook)] };
}

/** By operationId, as Shipmondo's document names them. */
export const OPERATION_HANDLERS: Record<string, (state: StandInState, input: OperationInput) => Answer> = {
  "quotes/list_post": quotesList,
  shipments_get: shipmentsList,
  shipments_post: shipmentsCreate,
  shipment_get: shipmentGet,
  shipment_labels: shipmentLabels,
  shipment_cancel: shipmentCancel,
  webhooks_get: webhooksList,
  webhook_create: webhookCreate,
};

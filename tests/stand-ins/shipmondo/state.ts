// What the stand-in remembers, in memory only: shipments as Shipmondo's Shipment objects, webhooks
// as created through POST /webhooks (with their keys, which Shipmondo never shows again), the API
// requests it has seen and every webhook delivery attempt.
export type JsonRecord = Record<string, unknown>;

export interface StoredShipment {
  /** The Shipment object exactly as GET /shipments/{id} answers it. */
  shipment: JsonRecord & { id: number; pkg_no: string; reference: string | null; created_at: string };
  cancelled: boolean;
}

export interface StoredWebhook {
  id: number;
  name: string;
  endpoint: string;
  key: string;
  action: string;
  resource_name: string;
  active: boolean;
  created_at: string;
  updated_at: string;
}

export interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  /** The answer's status; the Authorization header is never kept. */
  status: number;
  at: string;
}

export interface DeliveryRecord {
  webhookId: number;
  url: string;
  shipmentId: number;
  status: string;
  attempt: number;
  /** The endpoint's HTTP status, or null when it could not be reached. */
  answeredStatus: number | null;
  delivered: boolean;
  at: string;
}

export class StandInState {
  readonly shipments = new Map<number, StoredShipment>();
  readonly webhooks: StoredWebhook[] = [];
  readonly requests: SeenRequest[] = [];
  readonly deliveries: DeliveryRecord[] = [];
  private lastShipmentId = 1_000_000;
  private lastWebhookId = 0;

  nextShipmentId(): number {
    return ++this.lastShipmentId;
  }

  nextWebhookId(): number {
    return ++this.lastWebhookId;
  }
}

/** Webhooks as Shipmondo shows them (the Webhook schema): without the key. */
export function publicWebhook(webhook: StoredWebhook): JsonRecord {
  const { key: _key, ...shown } = webhook;
  return shown;
}

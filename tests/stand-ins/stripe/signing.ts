// Stripe's webhook signature, exactly as stripe.webhooks.constructEvent checks it
// (node_modules/stripe/esm/Webhooks.js): `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256
// of "<t>.<raw body>" keyed with the endpoint's whsec_ secret>`.
import { createHmac } from "node:crypto";

export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

// The sandbox's chargebacks: what its two endpoints take and answer (lib/api/operations/sandbox.ts
// registers them; open-sandbox-chargeback.ts and close-sandbox-chargeback.ts serve them).
import { z } from "zod";

/** The card networks' reasons the simulated bank gives, as Stripe names them. */
export const CHARGEBACK_REASONS = [
  "fraudulent",
  "product_not_received",
  "product_unacceptable",
  "duplicate",
  "general",
] as const;

export const SandboxChargebackParams = z.strictObject({ paymentId: z.string().min(1).max(64) });
export const SandboxChargebackBody = z
  .strictObject({
    reason: z.enum(CHARGEBACK_REASONS).default("fraudulent").meta({
      description: "Why the payer's bank takes the payment back (default `fraudulent`).",
      example: "product_not_received",
    }),
  })
  .meta({ id: "SandboxChargebackRequest" });

export const SandboxChargebackCloseParams = z.strictObject({ chargebackId: z.string().min(1).max(64) });
export const SandboxChargebackCloseBody = z
  .strictObject({
    outcome: z.enum(["won", "lost"]).meta({
      description: "`won`: the money comes back (a held payout goes on); `lost`: the payer keeps it.",
    }),
  })
  .meta({ id: "SandboxChargebackOutcome" });

export const ChargebackRecord = z
  .object({
    chargebackId: z
      .string()
      .meta({ description: "The chargeback's id, as `metadata.chargebackId` of its webhooks names it." }),
    tradeId: z.string(),
    paymentId: z.string().meta({ description: "The escrow payment taken back (its additive `paymentId`)." }),
    chargebackState: z.enum(["open", "won", "lost"]).meta({
      description: "`open`, or how it closed; named and valued as in the chargeback webhooks' `metadata`.",
    }),
    amount: z.number().meta({ description: "What the payer's bank took back, in major units." }),
    currency: z.string(),
    reason: z.string().meta({ description: "The card network's reason, as the payment rail reports it." }),
    openedAt: z.string().meta({ format: "date-time" }),
    closedAt: z.string().nullable().meta({ format: "date-time" }),
  })
  .meta({ id: "Chargeback" });

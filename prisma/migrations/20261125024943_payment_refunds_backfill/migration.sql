-- Refunds made before payment records showed them: each paid escrow payment takes what its trade's
-- ledger sent back to the payer (the payer_refund postings), and the state that says so. In a
-- migration of its own: a new enum value cannot be used in the transaction that adds it.
UPDATE "Payment" p
SET "refundedMinor" = LEAST(r."refunded", p."amountMinor"),
    "state" = CASE WHEN r."refunded" >= p."amountMinor" THEN 'Refunded'::"PaymentState" ELSE 'PartiallyRefunded'::"PaymentState" END,
    "refundedAt" = r."lastAt"
FROM (
  SELECT lp."tradeId", sum(lp."amountMinor") AS "refunded", max(lt."createdAt") AS "lastAt"
  FROM "LedgerPosting" lp JOIN "LedgerTransfer" lt ON lt."id" = lp."transferId"
  WHERE lp."account" = 'payer_refund' AND lp."tradeId" IS NOT NULL
  GROUP BY lp."tradeId"
  HAVING sum(lp."amountMinor") > 0
) r
WHERE p."tradeId" = r."tradeId" AND p."purpose" = 'Escrow' AND p."state" = 'Paid';

-- A payment never gives back more than was paid.
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_refund_within_amount" CHECK ("refundedMinor" >= 0 AND "refundedMinor" <= "amountMinor");

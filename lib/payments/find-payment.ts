// A payment named in a path: by the additive `paymentId` or by the record's `externalId`, which is
// the one id the spec's payment record carries (decisions.md §9). Both are unique; the two never
// look alike (a uuid, and the rail's prefixed reference).
import type { Prisma } from "../db/generated/client.ts";

export function paymentNamed(reference: string): Prisma.PaymentWhereInput {
  return { OR: [{ id: reference }, { externalId: reference }] };
}

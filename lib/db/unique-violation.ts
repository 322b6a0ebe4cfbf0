// Whether a failed statement failed on a unique key: the one test, whichever way the statement was
// sent. Prisma's models report P2002; raw SQL through Prisma or the driver reports PostgreSQL's
// SQLSTATE 23505, directly or wrapped by the driver adapter.
export function isUniqueViolation(error: unknown): boolean {
  const e = error as {
    code?: string;
    message?: string;
    meta?: { code?: string; driverAdapterError?: { cause?: { kind?: string } } };
  };
  return (
    e?.code === "23505" ||
    e?.code === "P2002" ||
    e?.meta?.code === "23505" ||
    e?.meta?.driverAdapterError?.cause?.kind === "UniqueConstraintViolation" ||
    /\b23505\b/.test(e?.message ?? "")
  );
}

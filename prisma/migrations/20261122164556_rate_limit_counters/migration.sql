-- CreateTable
CREATE TABLE "RateLimitCounter" (
    "key" VARCHAR(255) NOT NULL,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT,

    CONSTRAINT "RateLimitCounter_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "RateLimitCounter_expire_idx" ON "RateLimitCounter"("expire");

-- Counters need no crash safety: no WAL per increment (schema.prisma explains).
ALTER TABLE "RateLimitCounter" SET UNLOGGED;

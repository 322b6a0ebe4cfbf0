-- CreateTable
CREATE TABLE "TradePartyCount" (
    "tenantId" TEXT NOT NULL,
    "mode" "ApiMode" NOT NULL,
    "marketplaceUserId" TEXT NOT NULL,
    "role" "TradeRole" NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "TradePartyCount_pkey" PRIMARY KEY ("tenantId","mode","marketplaceUserId","role")
);

-- The counts of the trades there are already.
INSERT INTO "TradePartyCount" ("tenantId", "mode", "marketplaceUserId", "role", "count")
SELECT "tenantId", "mode", "marketplaceUserId", "role", count(*) FROM "TradeParty" GROUP BY 1, 2, 3, 4;

-- Kept by statement-level triggers: one upsert per user and role a statement touched, whether it
-- wrote two party rows (an initiated trade) or a hundred thousand (a bulk load), in one order, so
-- that two concurrent statements take the counters' row locks in the same order (no deadlock).
CREATE FUNCTION "trade_party_counts_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "TradePartyCount" ("tenantId", "mode", "marketplaceUserId", "role", "count")
  SELECT "tenantId", "mode", "marketplaceUserId", "role", count(*) FROM added
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT ("tenantId", "mode", "marketplaceUserId", "role")
  DO UPDATE SET "count" = "TradePartyCount"."count" + EXCLUDED."count";
  RETURN NULL;
END $$;

CREATE FUNCTION "trade_party_counts_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "TradePartyCount" c SET "count" = c."count" - r."n"
  FROM (SELECT "tenantId", "mode", "marketplaceUserId", "role", count(*) AS "n" FROM removed GROUP BY 1, 2, 3, 4) r
  WHERE c."tenantId" = r."tenantId" AND c."mode" = r."mode" AND c."marketplaceUserId" = r."marketplaceUserId"
    AND c."role" = r."role";
  RETURN NULL;
END $$;

CREATE TRIGGER "TradeParty_counts_added" AFTER INSERT ON "TradeParty"
REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "trade_party_counts_added"();

CREATE TRIGGER "TradeParty_counts_removed" AFTER DELETE ON "TradeParty"
REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "trade_party_counts_removed"();

-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "ApiMode" AS ENUM ('test', 'live');

-- CreateEnum
CREATE TYPE "StaffRole" AS ENUM ('admin', 'viewer');

-- CreateEnum
CREATE TYPE "TradeState" AS ENUM ('Created', 'InvitationAccepted', 'AwaitingShipment', 'LabelCreated', 'Sent', 'PickupReady', 'Delivered', 'ConditionRejected', 'ReturnAwaitingShipment', 'ReturnLabelCreated', 'ReturnSent', 'ReturnPickupReady', 'ReturnDelivered', 'Disputed', 'Succeeded', 'Released', 'Cancelled', 'Returned');

-- CreateEnum
CREATE TYPE "TradeRole" AS ENUM ('payer', 'payee');

-- CreateEnum
CREATE TYPE "PaymentState" AS ENUM ('Pending', 'Paid', 'Failed', 'Cancelled', 'Refunded');

-- CreateEnum
CREATE TYPE "PaymentPurpose" AS ENUM ('Escrow', 'DeliveryLabel', 'ReturnLabel');

-- CreateEnum
CREATE TYPE "ShipmentLeg" AS ENUM ('Delivery', 'Return');

-- CreateEnum
CREATE TYPE "ShipmentStatus" AS ENUM ('Pending', 'Created', 'Sent', 'PickupReady', 'Delivered', 'Lost', 'Returned');

-- CreateEnum
CREATE TYPE "DeliveryStatus" AS ENUM ('Pending', 'Succeeded', 'Failed', 'Cancelled');

-- CreateEnum
CREATE TYPE "HostedSessionKind" AS ENUM ('Connect', 'Checkout', 'PaymentFlow', 'TradeStatus', 'PayoutAccount');

-- CreateEnum
CREATE TYPE "HostedSessionState" AS ENUM ('Open', 'Completed', 'Cancelled', 'Expired');

-- CreateEnum
CREATE TYPE "IdempotencyState" AS ENUM ('InProgress', 'Completed');

-- CreateTable
CREATE TABLE "Tenant" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'DKK',
    "locale" TEXT NOT NULL DEFAULT 'en',
    "brandName" TEXT,
    "brandColor" TEXT,
    "unpaidExpirySeconds" INTEGER NOT NULL DEFAULT 604800,
    "shipmentDeadlineSeconds" INTEGER NOT NULL DEFAULT 432000,
    "acceptanceDeadlineSeconds" INTEGER NOT NULL DEFAULT 172800,
    "returnShipmentDeadlineSeconds" INTEGER NOT NULL DEFAULT 432000,
    "returnAcceptanceDeadlineSeconds" INTEGER NOT NULL DEFAULT 172800,
    "servicePayerFeePercent" DECIMAL(12,6) NOT NULL DEFAULT 0,
    "servicePayerFixedMinor" BIGINT NOT NULL DEFAULT 0,
    "servicePayeeFeePercent" DECIMAL(12,6) NOT NULL DEFAULT 0,
    "servicePayeeFixedMinor" BIGINT NOT NULL DEFAULT 0,
    "allowedBusinessIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "allowedRedirectOrigins" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "rateLimitPerMinute" INTEGER NOT NULL DEFAULT 1200,
    "sandboxClockOffsetSeconds" BIGINT NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Tenant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiToken" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "mode" "ApiMode" NOT NULL,
    "name" TEXT NOT NULL DEFAULT 'Default',
    "tokenHash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "ApiToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StaffUser" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "role" "StaffRole" NOT NULL DEFAULT 'admin',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSignInAt" TIMESTAMP(3),
    "disabledAt" TIMESTAMP(3),

    CONSTRAINT "StaffUser_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ServiceAccount" (
    "id" TEXT NOT NULL,
    "mode" "ApiMode" NOT NULL,
    "identitySubject" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "phoneNumber" TEXT,
    "address" TEXT NOT NULL DEFAULT '',
    "city" TEXT NOT NULL DEFAULT '',
    "postalCode" TEXT NOT NULL DEFAULT '',
    "nameAddressProtected" BOOLEAN NOT NULL DEFAULT false,
    "passportVerified" BOOLEAN NOT NULL DEFAULT false,
    "kycLevel" INTEGER NOT NULL,
    "bankName" TEXT,
    "bankAccountNumber" TEXT,
    "bankAccountName" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ServiceAccount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MarketplaceUser" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "mode" "ApiMode" NOT NULL,
    "marketplaceUserId" TEXT NOT NULL,
    "serviceAccountId" TEXT NOT NULL,
    "kycLevel" INTEGER NOT NULL,
    "connectedAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MarketplaceUser_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BusinessUser" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "mode" "ApiMode" NOT NULL,
    "businessId" TEXT NOT NULL,
    "businessLocationId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "phoneNumber" TEXT,
    "streetName" TEXT,
    "houseNumber" TEXT,
    "city" TEXT,
    "postNumber" TEXT,
    "municipalityName" TEXT,
    "floor" TEXT,
    "sideDoor" TEXT,
    "payoutsAccountNumber" TEXT NOT NULL,
    "bankName" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BusinessUser_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Trade" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "mode" "ApiMode" NOT NULL,
    "referenceId" TEXT,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "imageUrls" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "payerMarketplaceUserId" TEXT NOT NULL,
    "payeeMarketplaceUserId" TEXT NOT NULL,
    "createdBy" TEXT NOT NULL,
    "payeeBusinessUserId" TEXT,
    "prioritizedPayees" JSONB,
    "amountMinor" BIGINT NOT NULL,
    "payerFeePercent" DECIMAL(20,10) NOT NULL,
    "payerFixedFeeMinor" BIGINT NOT NULL,
    "payeeFeePercent" DECIMAL(20,10) NOT NULL,
    "payeeFixedFeeMinor" BIGINT NOT NULL,
    "payerFeeMinor" BIGINT NOT NULL,
    "payeeFeeMinor" BIGINT NOT NULL,
    "payerTotalMinor" BIGINT NOT NULL,
    "payeePayoutMinor" BIGINT NOT NULL,
    "serviceRevenueMinor" BIGINT NOT NULL,
    "tenantRevenueMinor" BIGINT NOT NULL,
    "checkoutUniquenessKey" TEXT,
    "checkoutIdempotencyKey" TEXT,
    "checkoutType" TEXT,
    "deliveryByHandAllowed" BOOLEAN NOT NULL DEFAULT false,
    "shipping" JSONB,
    "returnShipping" JSONB,
    "appSwitch" JSONB,
    "successUrl" TEXT NOT NULL,
    "cancelUrl" TEXT NOT NULL,
    "state" "TradeState" NOT NULL DEFAULT 'Created',
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "deadlineAt" TIMESTAMP(3),
    "deadlineKind" TEXT,
    "contractStartedAt" TIMESTAMP(3),
    "contractPaidAt" TIMESTAMP(3),
    "invitationAcceptedAt" TIMESTAMP(3),
    "invitationRejectedAt" TIMESTAMP(3),
    "deliveryStartedAt" TIMESTAMP(3),
    "deliveryPaidAt" TIMESTAMP(3),
    "sentAt" TIMESTAMP(3),
    "lostAt" TIMESTAMP(3),
    "deliveredAt" TIMESTAMP(3),
    "approvedAt" TIMESTAMP(3),
    "rejectedAt" TIMESTAMP(3),
    "rejectedReason" JSONB,
    "returnStartedAt" TIMESTAMP(3),
    "returnPaidAt" TIMESTAMP(3),
    "returnSentAt" TIMESTAMP(3),
    "returnLostAt" TIMESTAMP(3),
    "returnDeliveredAt" TIMESTAMP(3),
    "returnApprovedAt" TIMESTAMP(3),
    "returnRejectedAt" TIMESTAMP(3),
    "returnRejectedReason" JSONB,
    "succeededAt" TIMESTAMP(3),
    "cancelledAt" TIMESTAMP(3),
    "returnedAt" TIMESTAMP(3),
    "releasedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Trade_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TradeParty" (
    "tradeId" TEXT NOT NULL,
    "role" "TradeRole" NOT NULL,
    "tenantId" TEXT NOT NULL,
    "mode" "ApiMode" NOT NULL,
    "marketplaceUserId" TEXT NOT NULL,
    "tradeCreatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TradeParty_pkey" PRIMARY KEY ("tradeId","role")
);

-- CreateTable
CREATE TABLE "CheckoutKeyClaim" (
    "tenantId" TEXT NOT NULL,
    "mode" "ApiMode" NOT NULL,
    "kind" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "tradeId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CheckoutKeyClaim_pkey" PRIMARY KEY ("tenantId","mode","kind","key")
);

-- CreateTable
CREATE TABLE "TradeTimelineEntry" (
    "id" BIGSERIAL NOT NULL,
    "tradeId" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL,
    "action" TEXT NOT NULL,
    "actor" TEXT NOT NULL,
    "fromState" "TradeState",
    "toState" "TradeState" NOT NULL,
    "details" JSONB,
    "occurredAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TradeTimelineEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Payment" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "mode" "ApiMode" NOT NULL,
    "tradeId" TEXT NOT NULL,
    "marketplaceUserId" TEXT NOT NULL,
    "purpose" "PaymentPurpose" NOT NULL,
    "amountMinor" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "state" "PaymentState" NOT NULL DEFAULT 'Pending',
    "externalId" TEXT NOT NULL,
    "provider" TEXT NOT NULL DEFAULT 'simulated',
    "method" TEXT,
    "receiverShopId" TEXT,
    "paidAt" TIMESTAMP(3),
    "failedAt" TIMESTAMP(3),
    "refundedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Payment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ShipmentLabel" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "mode" "ApiMode" NOT NULL,
    "tradeId" TEXT NOT NULL,
    "leg" "ShipmentLeg" NOT NULL,
    "carrier" TEXT NOT NULL,
    "labelCode" TEXT,
    "trackingUrl" TEXT,
    "providerReference" TEXT,
    "priceMinor" BIGINT NOT NULL,
    "labelPricePayerMinor" BIGINT NOT NULL,
    "labelPricePayeeMinor" BIGINT NOT NULL,
    "labelPaidBy" INTEGER NOT NULL,
    "expectedMaxWeightGrams" INTEGER NOT NULL,
    "paymentId" TEXT,
    "status" "ShipmentStatus" NOT NULL DEFAULT 'Pending',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ShipmentLabel_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ShipmentTrackingEvent" (
    "id" BIGSERIAL NOT NULL,
    "labelId" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "occurredAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ShipmentTrackingEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LedgerTransfer" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "mode" "ApiMode" NOT NULL,
    "tradeId" TEXT,
    "kind" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "description" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LedgerTransfer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LedgerPosting" (
    "id" BIGSERIAL NOT NULL,
    "transferId" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "tradeId" TEXT,
    "account" TEXT NOT NULL,
    "amountMinor" BIGINT NOT NULL,

    CONSTRAINT "LedgerPosting_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookSubscription" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "mode" "ApiMode" NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "description" TEXT,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "secret" TEXT NOT NULL,
    "previousSecret" TEXT,
    "previousSecretExpiresAt" TIMESTAMP(3),
    "disabledReason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WebhookSubscription_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OutboxEvent" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "mode" "ApiMode" NOT NULL,
    "eventName" TEXT NOT NULL,
    "tradeId" TEXT,
    "marketplaceUserId" TEXT,
    "orderingKey" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "payload" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "dispatchedAt" TIMESTAMP(3),

    CONSTRAINT "OutboxEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookDelivery" (
    "id" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "subscriptionId" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "orderingKey" TEXT NOT NULL,
    "status" "DeliveryStatus" NOT NULL DEFAULT 'Pending',
    "attemptCount" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastStatusCode" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" TIMESTAMP(3),

    CONSTRAINT "WebhookDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookAttempt" (
    "id" TEXT NOT NULL,
    "deliveryId" TEXT NOT NULL,
    "attemptNumber" INTEGER NOT NULL,
    "requestUrl" TEXT NOT NULL,
    "requestHeaders" JSONB NOT NULL,
    "requestBody" TEXT NOT NULL,
    "responseStatus" INTEGER,
    "responseExcerpt" TEXT,
    "durationMs" INTEGER NOT NULL,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "HostedSession" (
    "id" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "mode" "ApiMode" NOT NULL,
    "kind" "HostedSessionKind" NOT NULL,
    "marketplaceUserId" TEXT NOT NULL,
    "tradeId" TEXT,
    "paymentId" TEXT,
    "successUrl" TEXT,
    "cancelUrl" TEXT,
    "returnUrl" TEXT,
    "appSwitch" JSONB,
    "forceOnboarding" BOOLEAN NOT NULL DEFAULT false,
    "requiredKycLevel" INTEGER,
    "state" "HostedSessionState" NOT NULL DEFAULT 'Open',
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "completedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "HostedSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IdempotencyRecord" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "mode" "ApiMode" NOT NULL,
    "key" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "state" "IdempotencyState" NOT NULL DEFAULT 'InProgress',
    "responseStatus" INTEGER,
    "responseBody" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "IdempotencyRecord_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiRequestLog" (
    "id" BIGSERIAL NOT NULL,
    "tenantId" TEXT NOT NULL,
    "mode" "ApiMode" NOT NULL,
    "tokenId" TEXT,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "correlationId" TEXT NOT NULL,
    "typeCode" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ApiRequestLog_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ApiToken_tokenHash_key" ON "ApiToken"("tokenHash");

-- CreateIndex
CREATE INDEX "ApiToken_tenantId_createdAt_idx" ON "ApiToken"("tenantId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "StaffUser_email_key" ON "StaffUser"("email");

-- CreateIndex
CREATE INDEX "StaffUser_tenantId_idx" ON "StaffUser"("tenantId");

-- CreateIndex
CREATE UNIQUE INDEX "ServiceAccount_mode_identitySubject_key" ON "ServiceAccount"("mode", "identitySubject");

-- CreateIndex
CREATE INDEX "MarketplaceUser_serviceAccountId_idx" ON "MarketplaceUser"("serviceAccountId");

-- CreateIndex
CREATE INDEX "MarketplaceUser_tenantId_mode_connectedAt_idx" ON "MarketplaceUser"("tenantId", "mode", "connectedAt");

-- CreateIndex
CREATE UNIQUE INDEX "MarketplaceUser_tenantId_mode_marketplaceUserId_key" ON "MarketplaceUser"("tenantId", "mode", "marketplaceUserId");

-- CreateIndex
CREATE UNIQUE INDEX "BusinessUser_userId_key" ON "BusinessUser"("userId");

-- CreateIndex
CREATE INDEX "BusinessUser_tenantId_mode_createdAt_idx" ON "BusinessUser"("tenantId", "mode", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "BusinessUser_tenantId_mode_businessId_businessLocationId_key" ON "BusinessUser"("tenantId", "mode", "businessId", "businessLocationId");

-- CreateIndex
CREATE INDEX "Trade_tenantId_mode_createdAt_idx" ON "Trade"("tenantId", "mode", "createdAt");

-- CreateIndex
CREATE INDEX "Trade_tenantId_mode_referenceId_idx" ON "Trade"("tenantId", "mode", "referenceId");

-- CreateIndex
CREATE INDEX "Trade_tenantId_mode_state_createdAt_idx" ON "Trade"("tenantId", "mode", "state", "createdAt");

-- CreateIndex
CREATE INDEX "Trade_deadlineAt_idx" ON "Trade"("deadlineAt");

-- CreateIndex
CREATE INDEX "TradeParty_tenantId_mode_marketplaceUserId_tradeCreatedAt_t_idx" ON "TradeParty"("tenantId", "mode", "marketplaceUserId", "tradeCreatedAt" DESC, "tradeId");

-- CreateIndex
CREATE INDEX "CheckoutKeyClaim_tradeId_idx" ON "CheckoutKeyClaim"("tradeId");

-- CreateIndex
CREATE UNIQUE INDEX "TradeTimelineEntry_tradeId_sequence_key" ON "TradeTimelineEntry"("tradeId", "sequence");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_externalId_key" ON "Payment"("externalId");

-- CreateIndex
CREATE INDEX "Payment_tenantId_mode_tradeId_createdAt_idx" ON "Payment"("tenantId", "mode", "tradeId", "createdAt");

-- CreateIndex
CREATE INDEX "Payment_tenantId_mode_marketplaceUserId_createdAt_idx" ON "Payment"("tenantId", "mode", "marketplaceUserId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ShipmentLabel_paymentId_key" ON "ShipmentLabel"("paymentId");

-- CreateIndex
CREATE INDEX "ShipmentLabel_tenantId_mode_tradeId_leg_idx" ON "ShipmentLabel"("tenantId", "mode", "tradeId", "leg");

-- CreateIndex
CREATE INDEX "ShipmentTrackingEvent_labelId_occurredAt_idx" ON "ShipmentTrackingEvent"("labelId", "occurredAt");

-- CreateIndex
CREATE INDEX "LedgerTransfer_tenantId_mode_tradeId_createdAt_idx" ON "LedgerTransfer"("tenantId", "mode", "tradeId", "createdAt");

-- CreateIndex
CREATE INDEX "LedgerPosting_tradeId_account_idx" ON "LedgerPosting"("tradeId", "account");

-- CreateIndex
CREATE INDEX "LedgerPosting_tenantId_account_idx" ON "LedgerPosting"("tenantId", "account");

-- CreateIndex
CREATE INDEX "LedgerPosting_transferId_idx" ON "LedgerPosting"("transferId");

-- CreateIndex
CREATE INDEX "WebhookSubscription_tenantId_mode_createdAt_idx" ON "WebhookSubscription"("tenantId", "mode", "createdAt");

-- CreateIndex
CREATE INDEX "OutboxEvent_dispatchedAt_createdAt_idx" ON "OutboxEvent"("dispatchedAt", "createdAt");

-- CreateIndex
CREATE INDEX "OutboxEvent_tenantId_mode_createdAt_idx" ON "OutboxEvent"("tenantId", "mode", "createdAt");

-- CreateIndex
CREATE INDEX "OutboxEvent_tenantId_mode_tradeId_sequence_idx" ON "OutboxEvent"("tenantId", "mode", "tradeId", "sequence");

-- CreateIndex
CREATE INDEX "WebhookDelivery_status_nextAttemptAt_idx" ON "WebhookDelivery"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "WebhookDelivery_subscriptionId_orderingKey_status_createdAt_idx" ON "WebhookDelivery"("subscriptionId", "orderingKey", "status", "createdAt");

-- CreateIndex
CREATE INDEX "WebhookDelivery_tenantId_createdAt_idx" ON "WebhookDelivery"("tenantId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "WebhookDelivery_eventId_subscriptionId_key" ON "WebhookDelivery"("eventId", "subscriptionId");

-- CreateIndex
CREATE UNIQUE INDEX "WebhookAttempt_deliveryId_attemptNumber_key" ON "WebhookAttempt"("deliveryId", "attemptNumber");

-- CreateIndex
CREATE UNIQUE INDEX "HostedSession_tokenHash_key" ON "HostedSession"("tokenHash");

-- CreateIndex
CREATE INDEX "HostedSession_tenantId_mode_createdAt_idx" ON "HostedSession"("tenantId", "mode", "createdAt");

-- CreateIndex
CREATE INDEX "HostedSession_tradeId_idx" ON "HostedSession"("tradeId");

-- CreateIndex
CREATE INDEX "IdempotencyRecord_expiresAt_idx" ON "IdempotencyRecord"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "IdempotencyRecord_tenantId_mode_key_key" ON "IdempotencyRecord"("tenantId", "mode", "key");

-- CreateIndex
CREATE INDEX "ApiRequestLog_tenantId_mode_createdAt_idx" ON "ApiRequestLog"("tenantId", "mode", "createdAt");

-- AddForeignKey
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StaffUser" ADD CONSTRAINT "StaffUser_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MarketplaceUser" ADD CONSTRAINT "MarketplaceUser_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MarketplaceUser" ADD CONSTRAINT "MarketplaceUser_serviceAccountId_fkey" FOREIGN KEY ("serviceAccountId") REFERENCES "ServiceAccount"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BusinessUser" ADD CONSTRAINT "BusinessUser_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Trade" ADD CONSTRAINT "Trade_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Trade" ADD CONSTRAINT "Trade_payeeBusinessUserId_fkey" FOREIGN KEY ("payeeBusinessUserId") REFERENCES "BusinessUser"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TradeParty" ADD CONSTRAINT "TradeParty_tradeId_fkey" FOREIGN KEY ("tradeId") REFERENCES "Trade"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CheckoutKeyClaim" ADD CONSTRAINT "CheckoutKeyClaim_tradeId_fkey" FOREIGN KEY ("tradeId") REFERENCES "Trade"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TradeTimelineEntry" ADD CONSTRAINT "TradeTimelineEntry_tradeId_fkey" FOREIGN KEY ("tradeId") REFERENCES "Trade"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_tradeId_fkey" FOREIGN KEY ("tradeId") REFERENCES "Trade"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShipmentLabel" ADD CONSTRAINT "ShipmentLabel_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShipmentLabel" ADD CONSTRAINT "ShipmentLabel_tradeId_fkey" FOREIGN KEY ("tradeId") REFERENCES "Trade"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShipmentLabel" ADD CONSTRAINT "ShipmentLabel_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShipmentTrackingEvent" ADD CONSTRAINT "ShipmentTrackingEvent_labelId_fkey" FOREIGN KEY ("labelId") REFERENCES "ShipmentLabel"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LedgerTransfer" ADD CONSTRAINT "LedgerTransfer_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LedgerPosting" ADD CONSTRAINT "LedgerPosting_transferId_fkey" FOREIGN KEY ("transferId") REFERENCES "LedgerTransfer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookSubscription" ADD CONSTRAINT "WebhookSubscription_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OutboxEvent" ADD CONSTRAINT "OutboxEvent_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "OutboxEvent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_subscriptionId_fkey" FOREIGN KEY ("subscriptionId") REFERENCES "WebhookSubscription"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookAttempt" ADD CONSTRAINT "WebhookAttempt_deliveryId_fkey" FOREIGN KEY ("deliveryId") REFERENCES "WebhookDelivery"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HostedSession" ADD CONSTRAINT "HostedSession_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IdempotencyRecord" ADD CONSTRAINT "IdempotencyRecord_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiRequestLog" ADD CONSTRAINT "ApiRequestLog_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

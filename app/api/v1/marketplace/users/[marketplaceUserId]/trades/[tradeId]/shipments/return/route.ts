// POST /api/v1/marketplace/users/{u}/trades/{t}/shipments/return – buy the return label
import { apiRoute } from "@/lib/api/route.ts";
import { buyShipment } from "@/lib/shipping/buy-shipment.ts";
import * as operations from "@/lib/api/operations/shipping.ts";

export const POST = apiRoute(operations.buyShipmentForReturn, (context) =>
  buyShipment(context, "Return", context.params.marketplaceUserId, context.params.tradeId, context.body),
);

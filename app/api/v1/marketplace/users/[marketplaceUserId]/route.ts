// GET /api/v1/marketplace/users/{marketplaceUserId} – the connected user's details
import { apiRoute } from "@/lib/api/route.ts";
import { getUserDetails } from "@/lib/users/get-user-details.ts";
import * as operations from "@/lib/api/operations/users.ts";

export const GET = apiRoute(operations.getUserDetails, (context) =>
  getUserDetails(context, context.params.marketplaceUserId),
);

// POST /api/v1/marketplace/business-users – create a business user (whitelisted business ids only)
import { apiRoute } from "@/lib/api/route.ts";
import { createBusinessUser } from "@/lib/business-users/create-business-user.ts";
import * as operations from "@/lib/api/operations/business-users.ts";

export const POST = apiRoute(operations.createBusinessUser, (context) => createBusinessUser(context, context.body));

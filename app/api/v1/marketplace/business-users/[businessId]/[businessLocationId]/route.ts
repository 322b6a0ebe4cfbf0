// GET / PUT / DELETE /api/v1/marketplace/business-users/{businessId}/{businessLocationId} – one business user
import { apiRoute } from "@/lib/api/route.ts";
import { deleteBusinessUser } from "@/lib/business-users/delete-business-user.ts";
import { editBusinessUser } from "@/lib/business-users/edit-business-user.ts";
import { getBusinessUser } from "@/lib/business-users/get-business-user.ts";
import * as operations from "@/lib/api/operations/business-users.ts";

export const GET = apiRoute(operations.getBusinessUser, (context) =>
  getBusinessUser(context, context.params.businessId, context.params.businessLocationId),
);
export const PUT = apiRoute(operations.editBusinessUser, (context) =>
  editBusinessUser(context, context.params.businessId, context.params.businessLocationId, context.body),
);
export const DELETE = apiRoute(operations.deleteBusinessUser, (context) =>
  deleteBusinessUser(context, context.params.businessId, context.params.businessLocationId),
);

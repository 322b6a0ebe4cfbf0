// POST /api/v1/marketplace/users/connect – start the connect flow for a marketplace user
import { apiRoute } from "@/lib/api/route.ts";
import { initiateUserConnect } from "@/lib/users/initiate-user-connect.ts";
import * as operations from "@/lib/api/operations/users.ts";

export const POST = apiRoute(operations.initiateUserConnect, (context) =>
  initiateUserConnect(context, context.query, context.body),
);

// POST /api/v1/sandbox/users/{marketplaceUserId}/connect – connect a user without the hosted flow (test tokens)
import { apiRoute } from "@/lib/api/route.ts";
import { sandboxConnectUser } from "@/lib/sandbox/sandbox-connect-user.ts";
import * as operations from "@/lib/api/operations/users.ts";

export const POST = apiRoute(operations.sandboxConnectUser, (context) =>
  sandboxConnectUser(context, context.params.marketplaceUserId, context.body.kycLevel),
);

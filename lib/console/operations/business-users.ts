// The console's business-user endpoints. Their bodies are the API's own, checked by the use case
// with the API's rules and whitelist (lib/console/business-users/manage-business-users.ts), so the
// route only reads them as JSON (z.unknown()).
import { z } from "zod";
import type {
  consoleCreateBusinessUser,
  consoleDeleteBusinessUser,
  consoleEditBusinessUser,
} from "../business-users/manage-business-users.ts";
import { consoleOperation, type ResultOf } from "./operation.ts";

export const businessUserCreate = consoleOperation<ResultOf<typeof consoleCreateBusinessUser>>()({
  method: "POST",
  path: "/console/api/business-users",
  body: z.unknown(),
});

export const businessUserEdit = consoleOperation<ResultOf<typeof consoleEditBusinessUser>>()({
  method: "POST",
  path: "/console/api/business-users/{businessId}/{businessLocationId}/edit",
  body: z.unknown(),
});

export const businessUserDelete = consoleOperation<ResultOf<typeof consoleDeleteBusinessUser>>()({
  method: "POST",
  path: "/console/api/business-users/{businessId}/{businessLocationId}/delete",
  body: z.unknown(),
});

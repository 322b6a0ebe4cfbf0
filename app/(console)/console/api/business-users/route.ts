// POST /console/api/business-users – staff add a business user (admins; the API's rules and whitelist)
import { consoleRoute } from "@/lib/console/console-route.ts";
import { consoleCreateBusinessUser } from "@/lib/console/business-users/manage-business-users.ts";
import { businessUserCreate } from "@/lib/console/operations/business-users.ts";

export const POST = consoleRoute(businessUserCreate, (context, { body }) => consoleCreateBusinessUser(context, body));

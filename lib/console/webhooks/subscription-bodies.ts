// The bodies of the console's webhook endpoints: the API's own, plus the mode a new one is for.
// Kept apart from the use cases (manage-webhooks.ts) because the pages import them too.
import { z } from "zod";
import { CreateSubscriptionBody, UpdateSubscriptionBody } from "../../webhooks/schemas.ts";

export const ConsoleCreateSubscription = CreateSubscriptionBody.extend({ mode: z.enum(["test", "live"]) });
export const ConsoleUpdateSubscription = UpdateSubscriptionBody;

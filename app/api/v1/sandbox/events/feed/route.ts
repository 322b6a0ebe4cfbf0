// GET /api/v1/sandbox/events/feed – the tenant's events, for `npm run cli -- listen` (test tokens)
import { apiRoute } from "@/lib/api/route.ts";
import { readEventFeed } from "@/lib/sandbox/event-feed.ts";
import * as operations from "@/lib/api/operations/sandbox.ts";

export const GET = apiRoute(operations.readSandboxEventFeed, (context) => readEventFeed(context, context.query));

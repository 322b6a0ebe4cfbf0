// POST /api/v1/sandbox/clock/advance – move the tenant's sandbox clock and fire due deadlines (test tokens)
import { apiRoute } from "@/lib/api/route.ts";
import { advanceSandboxClock } from "@/lib/sandbox/advance-clock.ts";
import * as operations from "@/lib/api/operations/sandbox.ts";

export const POST = apiRoute(operations.advanceSandboxClock, (context) =>
  advanceSandboxClock(context, context.body.seconds),
);

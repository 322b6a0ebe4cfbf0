// Every console operation, for the tests that hold them to the route files on disk and the
// fuzzer. Pages and routes import the one area they use instead.
import * as businessUsers from "./business-users.ts";
import * as developers from "./developers.ts";
import * as exportFiles from "./exports.ts";
import * as invitations from "./invitations.ts";
import * as money from "./money.ts";
import * as settings from "./settings.ts";
import * as team from "./team.ts";
import * as trades from "./trades.ts";
import * as users from "./users.ts";
import * as webhooks from "./webhooks.ts";
import type { ConsoleOperation } from "./operation.ts";

export const CONSOLE_OPERATIONS: Record<string, ConsoleOperation> = {
  ...businessUsers,
  ...developers,
  ...exportFiles,
  ...invitations,
  ...money,
  ...settings,
  ...team,
  ...trades,
  ...users,
  ...webhooks,
};

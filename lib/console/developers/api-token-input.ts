// What an admin gives a new API key. Kept apart from the use case (api-tokens.ts) because the
// pages import it (through lib/console/operations) too.
import { z } from "zod";

export const CreateTokenInput = z.strictObject({
  name: z.string().trim().min(1, "Give the key a name.").max(64, "At most 64 characters."),
  mode: z.enum(["test", "live"]),
});

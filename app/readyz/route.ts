// GET /readyz – the process should get traffic: database answers, migrations applied, not
// shutting down (503 with the reason otherwise). Under `npm start`, scripts/serve.ts answers it
// before Next; this file serves `npm run dev`.
import { healthResponse } from "@/lib/ops/readiness.ts";

export const dynamic = "force-dynamic";

export async function GET() {
  const { status, body } = await healthResponse("/readyz");
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

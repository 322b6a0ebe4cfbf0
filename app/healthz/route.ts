// GET /healthz – the process serves (no token; says nothing more). Under `npm start`,
// scripts/serve.ts answers it before Next; this file serves `npm run dev`.
import { healthResponse } from "@/lib/ops/readiness.ts";

export const dynamic = "force-dynamic";

export async function GET() {
  const { status, body } = await healthResponse("/healthz");
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

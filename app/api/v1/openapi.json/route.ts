// GET /api/v1/openapi.json – the OpenAPI 3.1 document of the whole API
import { openApiDocument } from "@/lib/api/openapi.ts";

export function GET(): Response {
  return Response.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });
}

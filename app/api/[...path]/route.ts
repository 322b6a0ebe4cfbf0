// Any other address under /api – the spec's error record instead of Next's HTML 404 page
import { notFoundResponse } from "@/lib/api/not-found.ts";

export const GET = notFoundResponse;
export const POST = notFoundResponse;
export const PUT = notFoundResponse;
export const PATCH = notFoundResponse;
export const DELETE = notFoundResponse;

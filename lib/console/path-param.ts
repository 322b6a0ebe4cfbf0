// A dynamic segment as a page receives it: Next hands pages the segment still percent-encoded
// (route handlers get it decoded), so ids with spaces or "@" are decoded here; a malformed escape
// is taken as it is rather than failing the page. Text PostgreSQL cannot hold (`%00`) names
// nothing that exists: the page's 404, where looking it up failed the page with a 500.
import { notFound } from "next/navigation";
import { unsafeInputProblems } from "../schemas/validation.ts";

export function pathParam(segment: string): string {
  let value = segment;
  try {
    value = decodeURIComponent(segment);
  } catch {
    // as it is
  }
  if (unsafeInputProblems(value).length) notFound();
  return value;
}

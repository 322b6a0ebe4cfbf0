// A dynamic segment as a page receives it: Next hands pages the segment still percent-encoded
// (route handlers get it decoded), so ids with spaces or "@" are decoded here; a malformed escape
// is taken as it is rather than failing the page.
export function pathParam(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

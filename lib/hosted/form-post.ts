// Form posts from hosted pages: same-origin only, answered with a 303 redirect.

/** The Origin (or, without one, Sec-Fetch-Site) says the form was sent from one of our pages. */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (origin === null) return request.headers.get("sec-fetch-site") !== "cross-site";
  return origin === new URL(request.url).origin || origin === (process.env.PUBLIC_BASE_URL ?? "").replace(/\/+$/, "");
}

export function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });
}

export function linkProblem(status: number, message: string): Response {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

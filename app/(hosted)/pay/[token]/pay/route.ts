// POST /pay/{token}/pay – form post of the hosted pay page
import { ApiError } from "@/lib/api/errors.ts";
import { payPaymentFlow } from "@/lib/hosted/checkout-flow.ts";
import { isSameOrigin, linkProblem, seeOther } from "@/lib/hosted/form-post.ts";

export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  if (!isSameOrigin(request)) return linkProblem(403, "This form can only be sent from its own page.");
  const { token } = await params;
  const page = `/pay/${encodeURIComponent(token)}`;
  const form = await request.formData();
  try {
    const outcome = await payPaymentFlow(token, String(form.get("method") ?? ""));
    if ("redirect" in outcome) return seeOther(outcome.redirect);
    return seeOther("declined" in outcome ? `${page}?error=declined` : page);
  } catch (error) {
    if (error instanceof ApiError) return seeOther(`${page}?error=unavailable`);
    throw error;
  }
}

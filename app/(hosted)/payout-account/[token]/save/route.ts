// POST /payout-account/{token}/save – form post of the payout account page
import { isSameOrigin, linkProblem, seeOther } from "@/lib/hosted/form-post.ts";
import { savePayoutAccount } from "@/lib/hosted/payout-account-flow.ts";

export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  if (!isSameOrigin(request)) return linkProblem(403, "This form can only be sent from its own page.");
  const { token } = await params;
  const form = await request.formData();
  const outcome = await savePayoutAccount(token, String(form.get("accountNumber") ?? ""), String(form.get("holderName") ?? ""));
  const page = `/payout-account/${encodeURIComponent(token)}`;
  if ("redirect" in outcome) return seeOther(outcome.redirect);
  return seeOther("error" in outcome ? `${page}?error=${encodeURIComponent(outcome.error)}` : page);
}

// POST /connect/{token}/complete – the simulated eID sign-in form of the connect page
import { completeConnect } from "@/lib/hosted/connect-flow.ts";
import { isSameOrigin, linkProblem, seeOther } from "@/lib/hosted/form-post.ts";

export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  if (!isSameOrigin(request)) return linkProblem(403, "This form can only be sent from its own page.");
  const { token } = await params;
  const form = await request.formData();
  const target = await completeConnect(token, String(form.get("identity") ?? ""));
  return target ? seeOther(target) : seeOther(`/connect/${encodeURIComponent(token)}`);
}

// POST /connect/{token}/cancel – the user cancels the connect flow
import { cancelConnect } from "@/lib/hosted/connect-flow.ts";
import { isSameOrigin, linkProblem, seeOther } from "@/lib/hosted/form-post.ts";

export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  if (!isSameOrigin(request)) return linkProblem(403, "This form can only be sent from its own page.");
  const { token } = await params;
  const target = await cancelConnect(token);
  return target ? seeOther(target) : seeOther(`/connect/${encodeURIComponent(token)}`);
}

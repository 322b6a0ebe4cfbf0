// The last screen of a flow (paid, connected, saved, cancelled), also what the back button shows:
// what happened, and the way back to the marketplace (or into its app).
import { CheckCircleIcon, LinkButton } from "./ui.tsx";

export function Finished({
  title,
  body,
  target,
  targetLabel,
  closeHint,
  tone = "success",
}: {
  title: string;
  body: string;
  target: string | null;
  targetLabel: string;
  closeHint: string;
  tone?: "success" | "neutral";
}) {
  return (
    <div className="text-center">
      {tone === "success" && <CheckCircleIcon className="mx-auto h-14 w-14 text-emerald-600" />}
      <h1 className="mt-3 text-2xl font-semibold tracking-tight text-balance">{title}</h1>
      <p className="mt-2 text-slate-700">{body}</p>
      <div className="mt-6">
        {target ? (
          <LinkButton href={target}>{targetLabel}</LinkButton>
        ) : (
          <p className="text-sm text-slate-600">{closeHint}</p>
        )}
      </div>
    </div>
  );
}

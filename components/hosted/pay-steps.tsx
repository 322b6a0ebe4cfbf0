// Paying: the payer is sent to the payment rail's own page (card, 3-D Secure, a wallet app) and
// comes back; our page only says so and offers the way out.
import type { Messages } from "@/lib/i18n/index.ts";
import { HostedForm, SubmitButton } from "./ui.tsx";

export function PayAtRail({
  t,
  base,
  csrf,
  payLabel,
  sandbox,
}: {
  t: Messages;
  base: string;
  csrf: string | null;
  payLabel: string;
  sandbox: boolean;
}) {
  return (
    <HostedForm action={`${base}/pay`} csrf={csrf} className="mt-6 space-y-3 md:first:mt-0">
      <p className="text-sm text-slate-700">{sandbox ? t.checkout.payAtSandboxBank : t.checkout.payAtRail}</p>
      <SubmitButton>{payLabel}</SubmitButton>
    </HostedForm>
  );
}

export function CancelFlow({ base, csrf, label }: { base: string; csrf: string | null; label: string }) {
  return (
    <HostedForm action={`${base}/cancel`} csrf={csrf} className="mt-3">
      <SubmitButton variant="quiet">{label}</SubmitButton>
    </HostedForm>
  );
}

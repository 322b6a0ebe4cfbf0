// Choose a (simulated) payment method and pay; a second form cancels.
import { PAYMENT_METHODS } from "@/lib/hosted/checkout-flow.ts";

export function PaymentMethodForm({ action, cancelAction, payLabel, cancelLabel, sandbox }: { action: string; cancelAction: string; payLabel: string; cancelLabel: string; sandbox: boolean }) {
  return (
    <>
      <form method="post" action={action} className="mt-6 space-y-3">
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-medium text-slate-700">Payment method{sandbox ? " (sandbox: no money moves)" : ""}</legend>
          {PAYMENT_METHODS.map((method, index) => (
            <label key={method.id} className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
              <input type="radio" name="method" value={method.id} defaultChecked={index === 0} className="mt-1" />
              <span>
                <span className="block font-medium">{method.label}</span>
                {sandbox && <span className="block text-sm text-slate-600">{method.note}</span>}
              </span>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="w-full rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700 focus:ring-2 focus:ring-brand-500 focus:ring-offset-2 focus:outline-none">
          {payLabel}
        </button>
      </form>
      <form method="post" action={cancelAction} className="mt-3">
        <button type="submit" className="w-full rounded-lg px-4 py-3 font-medium text-slate-700 hover:bg-slate-100">
          {cancelLabel}
        </button>
      </form>
    </>
  );
}

// Small building blocks of the hosted pages. Plain HTML forms and links: every page works before
// (and without) any JavaScript, which is what makes them fast on a slow phone.
import type { ReactNode } from "react";

const BUTTON = {
  primary: "bg-brand-600 text-brand-on shadow-sm hover:opacity-90",
  secondary: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50",
  quiet: "text-slate-700 hover:bg-slate-100",
  danger: "border border-red-200 bg-white text-red-700 hover:bg-red-50",
} as const;

export type ButtonVariant = keyof typeof BUTTON;

const buttonClass = (variant: ButtonVariant) =>
  `block w-full rounded-xl px-4 py-3 text-center text-base font-semibold ` +
  `focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${BUTTON[variant]}`;

export function SubmitButton({
  children,
  variant = "primary",
  name,
  value,
}: {
  children: ReactNode;
  variant?: ButtonVariant;
  name?: string;
  value?: string;
}) {
  return (
    <button type="submit" name={name} value={value} className={buttonClass(variant)}>
      {children}
    </button>
  );
}

export function LinkButton({
  href,
  children,
  variant = "primary",
}: {
  href: string;
  children: ReactNode;
  variant?: ButtonVariant;
}) {
  return (
    <a href={href} className={buttonClass(variant)}>
      {children}
    </a>
  );
}

/** A form that posts to one of the page's actions, with the session's anti-CSRF token. */
export function HostedForm({
  action,
  csrf,
  children,
  className,
}: {
  action: string;
  csrf: string | null;
  children: ReactNode;
  className?: string;
}) {
  return (
    <form method="post" action={action} className={className}>
      <input type="hidden" name="csrf" value={csrf ?? ""} />
      {children}
    </form>
  );
}

const TONES = {
  error: "border-red-200 bg-red-50 text-red-900",
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  info: "border-sky-200 bg-sky-50 text-sky-950",
  warning: "border-amber-200 bg-amber-50 text-amber-950",
} as const;

export function Alert({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`mt-4 rounded-xl border px-4 py-3 text-sm ${TONES[tone]}`}
    >
      {children}
    </div>
  );
}

/** A radio button as a tappable card. */
export function RadioCard({
  name,
  value,
  defaultChecked,
  title,
  detail,
  required,
  id,
}: {
  name: string;
  value: string;
  defaultChecked?: boolean;
  title: ReactNode;
  detail?: ReactNode;
  required?: boolean;
  id?: string;
}) {
  return (
    <label
      className={
        "flex min-h-12 cursor-pointer items-start gap-3 rounded-xl border border-slate-300 bg-white " +
        "p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 " +
        "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700"
      }
    >
      <input
        type="radio"
        id={id}
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        required={required}
        className="mt-1 h-4 w-4 flex-none accent-brand-600"
      />
      <span className="min-w-0">
        <span className="block font-medium text-slate-900">{title}</span>
        {detail && <span className="block text-sm text-slate-600">{detail}</span>}
      </span>
    </label>
  );
}

export function StepHeading({
  step,
  of,
  label,
  stepOf,
}: {
  step: number;
  of: number;
  label?: string;
  stepOf: (step: number, of: number) => string;
}) {
  return (
    <p className="mb-3 text-sm font-medium text-brand-700">
      {stepOf(step, of)}
      {label && ` · ${label}`}
    </p>
  );
}

export function ShieldIcon({ className = "h-5 w-5" }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3z" />
      <path d="M9 12l2 2 4-4" />
    </svg>
  );
}

export function LockIcon({ className = "h-4 w-4" }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V8a4 4 0 018 0v3" />
    </svg>
  );
}

export function CheckCircleIcon({ className = "h-12 w-12" }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12.5l2.7 2.7L16 10" />
    </svg>
  );
}

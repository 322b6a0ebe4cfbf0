"use client";
// What the brand colour will look like on a hosted page, and whether its button text is readable
// (WCAG AA asks 4.5:1 for text). The hosted pages pick white or dark text, whichever contrasts
// more (lib/hosted/brand.ts); this shows the same choice and its ratio.
import { useEffect, useRef, type ReactNode } from "react";
import { contrast, parseHexColor } from "@/lib/hosted/brand.ts";

const WHITE: [number, number, number] = [255, 255, 255];
const INK: [number, number, number] = [15, 23, 42];

export function brandContrast(color: string) {
  const rgb = parseHexColor(color);
  if (!rgb) return null;
  const onWhite = contrast(rgb, WHITE);
  const onInk = contrast(rgb, INK);
  const text = onWhite >= onInk ? "white" : "dark";
  return { text, ratio: Math.max(onWhite, onInk), textColor: text === "white" ? "#ffffff" : "#0f172a" } as const;
}

/**
 * A box in a colour chosen at run time. The console's CSP forbids style attributes in the HTML,
 * so the colours are set from script (CSSOM), which the policy allows.
 */
export function ColourBox({
  background,
  color,
  className,
  children,
  testId,
}: {
  background: string;
  color?: string;
  className: string;
  children?: ReactNode;
  testId?: string;
}) {
  const box = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    box.current?.style.setProperty("background", background);
    if (color) box.current?.style.setProperty("color", color);
  }, [background, color]);
  return (
    <span ref={box} aria-hidden={children ? undefined : true} data-testid={testId} className={className}>
      {children}
    </span>
  );
}

export function BrandPreview({ name, color }: { name: string; color: string }) {
  const check = brandContrast(color);
  const background = check ? color : "#1d4ed8";
  const textColor = check?.textColor ?? "#ffffff";
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Preview</p>
      <div className="mt-2 flex items-center gap-4 rounded-lg bg-white p-4 shadow-sm">
        <ColourBox
          testId="brand-swatch"
          background={background}
          className="h-10 w-10 shrink-0 rounded-md ring-1 ring-slate-300"
        />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{name.trim() || "Your marketplace"}</p>
          <p className="text-sm text-slate-600">Checkout · paid into escrow until delivery</p>
        </div>
        <ColourBox background={background} color={textColor} className="rounded-lg px-4 py-2 text-sm font-semibold">
          Pay now
        </ColourBox>
      </div>
      <p className="mt-2 text-sm" aria-live="polite">
        {!check ? (
          color.trim() ? (
            <span className="text-slate-700">Not a hex colour yet: the hosted pages keep the service’s blue.</span>
          ) : (
            <span className="text-slate-700">No brand colour: the hosted pages use the service’s blue.</span>
          )
        ) : check.ratio >= 4.5 ? (
          <span className="text-emerald-800">
            ✓ Button text ({check.text}) contrast {check.ratio.toFixed(1)}:1 passes WCAG AA (4.5:1).
          </span>
        ) : (
          <span className="text-amber-900">
            ⚠ Button text ({check.text}) contrast is only {check.ratio.toFixed(1)}:1; WCAG AA asks 4.5:1. Links are
            darkened to stay readable, but buttons will be hard to read. Pick a darker or lighter colour.
          </span>
        )}
      </p>
    </div>
  );
}

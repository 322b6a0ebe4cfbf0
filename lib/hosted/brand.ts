// A tenant's brand colour on its hosted pages, kept readable: buttons take the colour with white
// or near-black text, whichever contrasts more; text and links take the colour darkened until it
// reaches WCAG AA (4.5:1) on white. Returns the CSS custom properties that Tailwind's brand-*
// utilities read (app/globals.css).

type Rgb = [number, number, number];

export function parseHexColor(value: string | null | undefined): Rgb | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(value?.trim() ?? "");
  if (!match) return null;
  const n = Number.parseInt(match[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const hex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];
const WHITE: Rgb = [255, 255, 255];
const INK: Rgb = [15, 23, 42]; // slate-900

function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** CSS declarations for the brand colour, or null to keep the service's own colours. */
export function brandStyle(color: string | null | undefined): string | null {
  const base = parseHexColor(color);
  if (!base) return null;
  const on = contrast(base, WHITE) >= contrast(base, INK) ? WHITE : INK;
  let ink = base;
  for (let step = 0; step < 20 && contrast(ink, WHITE) < 4.5; step++) ink = mix(ink, [0, 0, 0], 0.1);
  const vars = {
    "--color-brand-50": hex(mix(base, WHITE, 0.93)),
    "--color-brand-100": hex(mix(base, WHITE, 0.85)),
    "--color-brand-500": hex(base),
    "--color-brand-600": hex(base),
    "--color-brand-700": hex(ink),
    "--color-brand-on": hex(on),
  };
  return `:root{${Object.entries(vars)
    .map(([k, v]) => `${k}:${v}`)
    .join(";")}}`;
}

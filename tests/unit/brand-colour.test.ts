// A tenant's brand colour stays readable on its hosted pages (WCAG AA contrast).
import { describe, expect, it } from "vitest";
import { brandStyle, contrast, parseHexColor } from "../../lib/hosted/brand.ts";

const value = (css: string, name: string) => parseHexColor(new RegExp(`${name}:(#[0-9a-f]{6})`).exec(css)![1]!)!;
const WHITE = [255, 255, 255] as [number, number, number];

describe("brandStyle", () => {
  it("keeps the service's colours without a valid brand colour", () => {
    expect(brandStyle(null)).toBeNull();
    expect(brandStyle("red")).toBeNull();
    expect(brandStyle("#12345")).toBeNull();
  });

  it.each(["#0f766e", "#facc15", "#ffffff", "#000000", "#e11d48", "#7dd3fc"])(
    "gives %s readable button text and AA text colour",
    (color) => {
      const css = brandStyle(color)!;
      expect(contrast(value(css, "--color-brand-600"), value(css, "--color-brand-on"))).toBeGreaterThanOrEqual(4.5);
      expect(contrast(value(css, "--color-brand-700"), WHITE)).toBeGreaterThanOrEqual(4.5);
    },
  );
});

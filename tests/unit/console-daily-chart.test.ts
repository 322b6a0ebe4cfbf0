// The overview's daily charts (components/console/overview/daily-bar-chart.tsx): a count axis has
// whole-number ticks only, and the newest day is always named, inside the drawing.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DailyBarChart, niceScale } from "../../components/console/overview/daily-bar-chart.tsx";

const days = (count: number, value: (i: number) => number) =>
  Array.from({ length: count }, (_, i) => ({
    day: new Date(Date.UTC(2026, 9, 30 + i)).toISOString().slice(0, 10),
    value: value(i),
  }));

const render = (points: ReturnType<typeof days>, integer: boolean) =>
  renderToStaticMarkup(createElement(DailyBarChart, { points, label: "Trades", format: String, integer }));

/** The texts of one axis group, with their x and anchor. */
function axisTexts(svg: string, axis: "x" | "y") {
  const group = new RegExp(`<g data-axis="${axis}">(.*?)</g>(?=<(?:rect|g data-axis|/svg))`, "s").exec(svg)?.[1] ?? "";
  return [...group.matchAll(/<text x="([\d.]+)"[^>]*text-anchor="(\w+)"[^>]*>([^<]*)<\/text>/g)].map((m) => ({
    x: Number(m[1]),
    anchor: m[2],
    text: m[3]!,
  }));
}

describe("the overview's daily charts", () => {
  it("a count axis ticks at whole numbers only, however few the trades", () => {
    expect(niceScale(1, 4, true)).toEqual([0, 1]);
    expect(niceScale(2, 4, true)).toEqual([0, 1, 2]);
    expect(niceScale(3, 4, true)).toEqual([0, 1, 2, 3]);
    expect(niceScale(7, 4, true)).toEqual([0, 2, 4, 6, 8]);
    // An amount axis may step by less than one.
    expect(niceScale(1, 4)).toEqual([0, 0.5, 1]);
    for (const max of [1, 2, 3, 5, 9, 13, 40, 101])
      expect(niceScale(max, 4, true).every(Number.isInteger), `max ${max}`).toBe(true);

    const ticks = axisTexts(
      render(
        days(30, (i) => (i === 29 ? 1 : 0)),
        true,
      ),
      "y",
    ).map((t) => t.text);
    expect(ticks).toEqual(["0", "1"]);
  });

  it("names the newest day, ending at its bar, and spaces the other labels evenly back from it", () => {
    const labels = axisTexts(
      render(
        days(30, () => 1),
        true,
      ),
      "x",
    );
    expect(labels.at(-1)).toMatchObject({ text: "28 Nov", anchor: "end" });
    // The drawing is 440 units wide: an end-anchored label ends inside it.
    expect(labels.at(-1)!.x).toBeLessThanOrEqual(440);
    expect(labels.map((l) => l.text)).toEqual(["3 Nov", "8 Nov", "13 Nov", "18 Nov", "23 Nov", "28 Nov"]);
    expect(labels.slice(0, -1).every((l) => l.anchor === "middle")).toBe(true);
  });
});

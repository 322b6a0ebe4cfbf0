// A column per day, drawn on the server as SVG: no chart script to download, nothing for the
// Content-Security-Policy to allow, and it prints. Each column names its day and value on hover
// (<title>), and the same numbers are in a table for screen readers.
import type { ReactNode } from "react";

export interface DailyPoint {
  day: string; // YYYY-MM-DD
  value: number;
}

// Drawn at about the size it is shown, so that 11-unit text reads as 11 px.
const WIDTH = 440;
const HEIGHT = 190;
const PAD = { top: 10, right: 6, bottom: 24, left: 62 };

/**
 * A round top for the y axis (1, 2 or 5 times a power of ten) and its ticks. `integer`: the values
 * are counts, so a step is never below 1 (no "0.5 trades").
 */
export function niceScale(max: number, ticks = 4, integer = false): number[] {
  if (max <= 0) return [0, 1];
  const rough = max / ticks;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(
    integer ? 1 : 0,
    [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough)!,
  );
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
}

const dayLabel = (day: string) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );

interface Geometry {
  y: (value: number) => number;
  slot: number;
  barWidth: number;
}

export function DailyBarChart({
  points,
  label,
  format,
  integer = false,
  colour = "fill-brand-600",
}: {
  points: DailyPoint[];
  label: string;
  format: (value: number) => string;
  /** Whole numbers (counts): ticks only at integers. */
  integer?: boolean;
  colour?: string;
}) {
  const scale = niceScale(Math.max(...points.map((p) => p.value)), 4, integer);
  const top = scale.at(-1)!;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = (WIDTH - PAD.left - PAD.right) / points.length;
  const geometry: Geometry = {
    y: (value) => PAD.top + plotHeight - (value / top) * plotHeight,
    slot,
    barWidth: Math.max(2, slot * 0.7),
  };
  const total = points.reduce((sum, p) => sum + p.value, 0);

  return (
    <figure>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        role="img"
        aria-label={`${label}: ${format(total)} in ${points.length} days`}
      >
        <YAxis scale={scale} format={format} geometry={geometry} />
        <Bars points={points} format={format} geometry={geometry} colour={colour} />
        <DayLabels points={points} geometry={geometry} />
      </svg>
      <SrTable caption={label} rows={points.map((p) => [dayLabel(p.day), format(p.value)])} />
    </figure>
  );
}

function YAxis({
  scale,
  format,
  geometry: { y },
}: {
  scale: number[];
  format: (value: number) => string;
  geometry: Geometry;
}) {
  return (
    <g data-axis="y">
      {scale.map((tick) => (
        <g key={tick}>
          <line
            x1={PAD.left}
            x2={WIDTH - PAD.right}
            y1={y(tick)}
            y2={y(tick)}
            className="stroke-slate-200"
            strokeDasharray={tick === 0 ? undefined : "3 3"}
          />
          <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" className="fill-slate-600 text-[11px]">
            {format(tick)}
          </text>
        </g>
      ))}
    </g>
  );
}

const barX = (i: number, { slot, barWidth }: Geometry) => PAD.left + i * slot + (slot - barWidth) / 2;

function Bars({
  points,
  format,
  geometry,
  colour,
}: {
  points: DailyPoint[];
  format: (value: number) => string;
  geometry: Geometry;
  colour: string;
}) {
  const { y, barWidth } = geometry;
  return points.map((point, i) => {
    const height = Math.max(point.value > 0 ? 2 : 0, y(0) - y(point.value));
    return (
      <rect
        key={point.day}
        x={barX(i, geometry)}
        y={y(0) - height}
        width={barWidth}
        height={height}
        rx={2}
        className={colour}
      >
        <title>{`${dayLabel(point.day)}: ${format(point.value)}`}</title>
      </rect>
    );
  });
}

/**
 * About six day labels, counted back from the last day so that the newest day is always named,
 * evenly spaced. The last one ends at its bar's right edge, so it stays inside the chart.
 */
function DayLabels({ points, geometry }: { points: DailyPoint[]; geometry: Geometry }) {
  const every = Math.ceil(points.length / 6);
  const last = points.length - 1;
  return (
    <g data-axis="x">
      {points.map((point, i) => {
        if ((last - i) % every !== 0) return null;
        const x = barX(i, geometry) + (i === last ? geometry.barWidth : geometry.barWidth / 2);
        return (
          <text
            key={point.day}
            x={x}
            y={HEIGHT - 8}
            textAnchor={i === last ? "end" : "middle"}
            className="fill-slate-600 text-[11px]"
          >
            {dayLabel(point.day)}
          </text>
        );
      })}
    </g>
  );
}

export function SrTable({ caption, rows }: { caption: string; rows: [ReactNode, ReactNode][] }) {
  // A table ignores the 1 px box of sr-only and would stretch the page: the wrapper takes it.
  return (
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <tbody>
          {rows.map(([name, value], i) => (
            <tr key={i}>
              <th scope="row">{name}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

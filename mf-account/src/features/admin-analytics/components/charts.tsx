import { useMemo } from 'react';
import type uPlot from 'uplot';
import { PALETTE, UplotChart, type ChartSpec } from './uplot-chart.tsx';
import styles from './analytics-page.module.css';

/** Dashes as well as colours, so two lines are told apart without colour vision. */
const DASHES: number[][] = [[], [8, 4], [2, 3], [10, 3, 2, 3]];

const dayStart = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

export interface LineSeries {
  label: string;
  values: number[];
}

/** Counts from 0, with room above the highest (and at least 0–4, so a quiet day is not a cliff). */
const countRange: uPlot.Range.Function = (_u, _min, max) => [0, Math.max(4, max * 1.1)];

/** What both charts' options start from: the width they are drawn at, their height, and no uPlot legend. */
const frame = (width: number, height: number) => ({ width, height, legend: { show: false } });

function axes(colors: { text: string; grid: string }): uPlot.Axis[] {
  const axis = { stroke: colors.text, grid: { stroke: colors.grid, width: 1 }, ticks: { stroke: colors.grid, width: 1 } };
  return [axis, { ...axis, size: 56 }];
}

/** Daily counts of a few events as lines, with a legend of its own (uPlot's is turned off). */
export function DailyLinesChart({ label, dates, series }: { label: string; dates: string[]; series: LineSeries[] }) {
  const spec = useMemo<ChartSpec>(
    () => (lib, width, colors) => ({
      options: {
        ...frame(width, 240),
        // Dates are days, not instants: drawn in UTC so a day never slides into the one before.
        tzDate: (ts) => lib.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: { x: { time: true }, y: { range: countRange } },
        axes: axes(colors),
        series: [
          {},
          ...series.map((s, i) => ({
            label: s.label,
            stroke: PALETTE[i % PALETTE.length],
            width: 2,
            dash: DASHES[Math.floor(i / 2) % DASHES.length],
            points: { show: dates.length <= 31 },
          })),
        ],
      },
      data: [dates.map(dayStart), ...series.map((s) => s.values)],
    }),
    [dates, series],
  );
  return (
    <>
      <UplotChart label={label} spec={spec} />
      <ul className={styles.legend} aria-hidden="true">
        {series.map((s, i) => (
          <li key={s.label}>
            <span className={styles.swatch} style={{ borderTopColor: PALETTE[i % PALETTE.length], borderTopStyle: DASHES[Math.floor(i / 2) % DASHES.length]!.length ? 'dashed' : 'solid' }} />
            {s.label}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The funnel's steps as bars, left to right. */
export function FunnelBarsChart({ label, steps }: { label: string; steps: Array<{ label: string; sessions: number }> }) {
  const spec = useMemo<ChartSpec>(
    () => (lib, width, colors) => ({
      options: {
        ...frame(width, 260),
        cursor: { show: false },
        scales: { x: { time: false, range: [-0.5, steps.length - 0.5] }, y: { range: countRange } },
        axes: [
          { ...axes(colors)[0], splits: () => steps.map((_, i) => i), values: (_u, splits) => splits.map((i) => steps[i]?.label ?? '') },
          axes(colors)[1]!,
        ],
        series: [{}, { label: 'Sessions', stroke: PALETTE[0], fill: `${PALETTE[0]}cc`, width: 1, paths: lib.paths.bars!({ size: [0.6, 120] }), points: { show: false } }],
      },
      data: [steps.map((_, i) => i), steps.map((s) => s.sessions)],
    }),
    [steps],
  );
  return <UplotChart label={label} spec={spec} height={260} />;
}

import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import styles from './analytics-page.module.css';

export interface ChartColors {
  text: string;
  grid: string;
}

/** Makes a chart's options and data for the width it has, in the page's colours. */
export type ChartSpec = (lib: typeof uPlot, width: number, colors: ChartColors) => { options: uPlot.Options; data: uPlot.AlignedData };

/** Series colours, told apart on the dark and the light theme; the table view does not rely on them. */
export const PALETTE = ['#3b82f6', '#f59e0b', '#10b981', '#ef4444', '#a855f7', '#ec4899', '#14b8a6', '#84cc16'];

function canDraw(): boolean {
  try {
    return typeof window.matchMedia === 'function' && document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

/**
 * A uPlot canvas that follows its box's width. uPlot is imported here, on the first draw, so it is a
 * chunk of its own; the figure is an image to assistive technology, whose reader gets the table view.
 */
export function UplotChart({ label, spec, height = 240 }: { label: string; spec: ChartSpec; height?: number }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element || !canDraw()) return;
    let chart: uPlot | undefined;
    let stopped = false;
    let observer: ResizeObserver | undefined;
    void import('uplot').then(({ default: lib }) => {
      if (stopped) return;
      const style = getComputedStyle(element);
      const colors = { text: style.color, grid: 'rgba(128, 128, 128, 0.25)' };
      const width = () => Math.max(240, Math.floor(element.clientWidth));
      const { options, data } = spec(lib, width(), colors);
      chart = new lib({ ...options, height }, data, element);
      observer = new ResizeObserver(() => chart?.setSize({ width: width(), height }));
      observer.observe(element);
    });
    return () => {
      stopped = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [spec, height]);

  return <div ref={box} className={styles.chart} role="img" aria-label={label} style={{ minHeight: height }} data-chart />;
}

// The charts of the seed studies: a line per server against the client count (seed 002), or
// grouped bars per engine / configuration (the others). Plain data in, Vega-Lite out.
import type { TopLevelSpec } from 'vega-lite';
import { CHART_CONFIG } from './render.js';

export interface LinePoint {
  x: number;
  y: number;
  series: string;
}

/** One line per series; x is a count (clients, threads) drawn on a log2 axis when it spans >= 8x. */
export function lineChart(points: LinePoint[], o: { title: string; x: string; y: string; series: string }): TopLevelSpec {
  const xs = points.map((p) => p.x).filter((v) => v > 0);
  const logX = xs.length > 0 && Math.max(...xs) / Math.min(...xs) >= 8;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: o.title,
    config: CHART_CONFIG,
    width: 560,
    height: 320,
    data: { values: points },
    mark: { type: 'line', point: { size: 40 }, strokeWidth: 2 },
    encoding: {
      x: {
        field: 'x', type: 'quantitative', title: o.x,
        scale: logX ? { type: 'log', base: 2 } : { zero: false },
        axis: { values: [...new Set(points.map((p) => p.x))].sort((a, b) => a - b), format: 'd' },
      },
      y: { field: 'y', type: 'quantitative', title: o.y },
      color: { field: 'series', type: 'nominal', title: o.series, sort: [...new Set(points.map((p) => p.series))] },
    },
  } as TopLevelSpec;
}

export interface Bar {
  /** position on the x axis (e.g. a test or a thread count) */
  category: string;
  /** the bar's colour within its category (e.g. an engine) */
  group: string;
  value: number;
}

/** Grouped bars: one group of bars per category, one colour per group. */
export function barChart(bars: Bar[], o: { title: string; category: string; value: string; group: string }): TopLevelSpec {
  const categories = [...new Set(bars.map((b) => b.category))];
  const groups = [...new Set(bars.map((b) => b.group))];
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: o.title,
    config: CHART_CONFIG,
    data: { values: bars },
    width: { step: Math.max(14, Math.floor(360 / Math.max(1, categories.length * groups.length))) },
    height: 300,
    mark: { type: 'bar', tooltip: true },
    encoding: {
      x: { field: 'category', type: 'nominal', title: o.category, sort: categories, axis: { labelAngle: 0 } },
      xOffset: { field: 'group', sort: groups },
      y: { field: 'value', type: 'quantitative', title: o.value },
      color: { field: 'group', type: 'nominal', title: o.group, sort: groups },
    },
  } as TopLevelSpec;
}

// Charts are Vega-Lite specifications, compiled to Vega and drawn by Vega's headless SVG
// renderer: no browser, no canvas, no network (the data is inline). Loaded on demand, since
// Vega is large and only the chart commands need it.
import type { TopLevelSpec } from 'vega-lite';

/** Renders a Vega-Lite specification to an SVG document. */
export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const [vega, vl] = await Promise.all([import('vega'), import('vega-lite')]);
  const compiled = vl.compile(spec).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** Common look: white background, readable fonts, legend at the right. */
export const CHART_CONFIG = {
  background: 'white',
  font: 'DejaVu Sans, Helvetica, Arial, sans-serif',
  axis: { labelFontSize: 11, titleFontSize: 12, grid: true, gridColor: '#e6e6e6' },
  legend: { labelFontSize: 11, titleFontSize: 12, orient: 'right', labelLimit: 400 },
  title: { fontSize: 14, anchor: 'start' },
  view: { stroke: '#cccccc' },
} as const;

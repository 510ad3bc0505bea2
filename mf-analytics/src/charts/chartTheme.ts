import type { BarDatum, BarSvgProps } from '@nivo/bar';

/** nivo's theme object (the bar chart's and the line chart's are one type). */
export type PartialTheme = NonNullable<BarSvgProps<BarDatum>['theme']>;

/** The kit's chart colours and text, read from tokens.css (SVG attributes cannot use var()). */
export interface ChartLook {
  series: [string, string, string];
  text: string;
  grid: string;
  font: string;
}

/** tokens.css's values, used when the document has no computed style (a test, a print preview). */
const TOKEN_DEFAULTS: ChartLook = {
  series: ['#3858e9', '#12a594', '#f79009'],
  text: '#5b6779',
  grid: '#e6eaf2',
  font: "'Inter', 'Segoe UI', system-ui, sans-serif",
};

/** The chart colours and text of the kit's tokens, as they are computed on the page. */
export function readChartLook(): ChartLook {
  if (typeof document === 'undefined') return TOKEN_DEFAULTS;
  const style = getComputedStyle(document.documentElement);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    series: [
      token('--pos-chart-1', TOKEN_DEFAULTS.series[0]),
      token('--pos-chart-2', TOKEN_DEFAULTS.series[1]),
      token('--pos-chart-3', TOKEN_DEFAULTS.series[2]),
    ],
    text: token('--pos-color-text-muted', TOKEN_DEFAULTS.text),
    grid: token('--pos-chart-grid', TOKEN_DEFAULTS.grid),
    font: token('--pos-font', TOKEN_DEFAULTS.font),
  };
}

/** nivo's theme in the kit's look. */
export function nivoTheme(look: ChartLook): PartialTheme {
  return {
    text: { fontFamily: look.font, fontSize: 12, fill: look.text },
    axis: {
      domain: { line: { stroke: look.grid, strokeWidth: 1 } },
      ticks: { line: { stroke: look.grid }, text: { fill: look.text, fontSize: 11 } },
      legend: { text: { fill: look.text, fontSize: 12 } },
    },
    grid: { line: { stroke: look.grid, strokeWidth: 1 } },
    legends: { text: { fill: look.text, fontSize: 12 } },
    tooltip: { container: { fontFamily: look.font, fontSize: 13 } },
  };
}

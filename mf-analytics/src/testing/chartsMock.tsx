// nivo ships ES modules (and d3 under it) that Jest does not run. The page tests stand in each
// chart by its box as the real one draws it: role="img" named by its summary, with the data it
// was given, so a test still sees what each chart was asked to draw.
import type { BarChartProps, DayLineChartProps } from '../charts';

export function BarChart({ summary, data, keys }: BarChartProps) {
  return <div role="img" aria-label={summary} data-bars={JSON.stringify({ data, keys })} />;
}

export function DayLineChart({ summary, series }: DayLineChartProps) {
  return <div role="img" aria-label={summary} data-lines={JSON.stringify(series)} />;
}

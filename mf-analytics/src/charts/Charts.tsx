// The charts of Order Analytics, drawn with nivo. Only the two analytics pages import this
// module, so nivo (and d3 under it) is in their chunks and never in the dashboard tiles'.
import { Bar, ResponsiveBar, type BarSvgProps } from '@nivo/bar';
import { Line, ResponsiveLine, type LineSvgProps } from '@nivo/line';
import { useMemo } from 'react';
import type { BarDatum, LineSeries } from '../chartData';
import { sparseTicks } from '../chartData';
import { nivoTheme, readChartLook } from './chartTheme';
import './Charts.css';

/** How a chart is sized: filling its box on screen, or a fixed width for paper. */
export interface ChartSize {
  height: number;
  /** A fixed width in px (the print layout); the chart follows its box when absent. */
  width?: number;
}

interface FrameProps extends ChartSize {
  /** What a screen reader hears instead of the drawing (the table carries the figures). */
  summary: string;
  children: React.ReactNode;
}

/**
 * The chart's box: an image named by its summary, so assistive technology reads one sentence
 * and moves on to the table, rather than every bar and tick of the drawing.
 */
function ChartFrame({ summary, height, width, children }: FrameProps) {
  return (
    <div
      className="pos-chart"
      role="img"
      aria-label={summary}
      style={{ height, width: width ?? '100%' }}
    >
      {children}
    </div>
  );
}

const useLook = () => useMemo(() => readChartLook(), []);

const compactNumber = (value: number | string) =>
  Number(value).toLocaleString('en-US', { notation: 'compact', maximumFractionDigits: 1 });

export interface BarChartProps extends ChartSize {
  summary: string;
  data: BarDatum[];
  /** The value keys: two (POS, Web) stack; one draws a single colour. */
  keys: readonly string[];
  /** Horizontal bars for long names (applications, stations, users). */
  horizontal?: boolean;
  /** Axis labels shown at most this many times (long ranges). */
  maxTicks?: number;
  /** A legend for stacked bars. */
  legend?: boolean;
}

/** A bar chart: stacked POS/Web bars, or one count per bar. */
export function BarChart({
  summary,
  data,
  keys,
  horizontal = false,
  maxTicks = 31,
  legend = keys.length > 1,
  height,
  width,
}: BarChartProps) {
  const look = useLook();
  const labels = data.map((datum) => datum.label);
  const longest = labels.reduce((max, label) => Math.max(max, label.length), 0);
  const props: Omit<BarSvgProps<BarDatum>, 'width' | 'height'> = {
    data,
    keys: [...keys],
    indexBy: 'label',
    layout: horizontal ? 'horizontal' : 'vertical',
    groupMode: 'stacked',
    colors: look.series.slice(0, keys.length),
    theme: nivoTheme(look),
    margin: {
      top: legend ? 32 : 8,
      right: 16,
      bottom: horizontal ? 32 : 40,
      left: horizontal ? Math.min(180, 12 + longest * 7) : 48,
    },
    padding: 0.3,
    innerPadding: 0,
    borderRadius: 2,
    enableLabel: false,
    enableGridX: horizontal,
    enableGridY: !horizontal,
    animate: false,
    axisLeft: horizontal
      ? { tickSize: 0, tickPadding: 8 }
      : { tickSize: 0, tickPadding: 8, format: compactNumber },
    axisBottom: horizontal
      ? { tickSize: 0, tickPadding: 8, format: compactNumber }
      : { tickSize: 0, tickPadding: 8, tickValues: sparseTicks(labels, maxTicks) },
    legends: legend
      ? [
          {
            dataFrom: 'keys',
            anchor: 'top-left',
            direction: 'row',
            translateY: -28,
            itemWidth: 72,
            itemHeight: 20,
            symbolSize: 12,
            symbolShape: 'circle',
          },
        ]
      : [],
    valueFormat: (value) => value.toLocaleString('en-US'),
  };
  return (
    <ChartFrame summary={summary} height={height} width={width}>
      {width ? <Bar {...props} width={width} height={height} /> : <ResponsiveBar {...props} />}
    </ChartFrame>
  );
}

export interface DayLineChartProps extends ChartSize {
  summary: string;
  series: LineSeries[];
  /** The x values (YYYY-MM-DD) as the axis shows them. */
  formatDay: (day: string) => string;
  maxTicks?: number;
}

/** Orders per day as two lines, POS and Web, over the range. */
export function DayLineChart({
  summary,
  series,
  formatDay,
  maxTicks = 8,
  height,
  width,
}: DayLineChartProps) {
  const look = useLook();
  const days = series[0]?.data.map((point) => point.x) ?? [];
  const props: Omit<LineSvgProps<LineSeries>, 'width' | 'height'> = {
    data: series,
    colors: look.series.slice(0, series.length),
    theme: nivoTheme(look),
    margin: { top: 32, right: 16, bottom: 40, left: 48 },
    xScale: { type: 'point' },
    yScale: { type: 'linear', min: 0, max: 'auto', stacked: false },
    curve: 'monotoneX',
    lineWidth: 2,
    enablePoints: days.length <= 31,
    pointSize: 5,
    enableArea: true,
    areaOpacity: 0.08,
    enableGridX: false,
    animate: false,
    useMesh: true,
    enableSlices: 'x',
    axisLeft: { tickSize: 0, tickPadding: 8, format: compactNumber },
    axisBottom: {
      tickSize: 0,
      tickPadding: 8,
      tickValues: sparseTicks(days, maxTicks),
      format: (value) => formatDay(String(value)),
    },
    legends: [
      {
        anchor: 'top-left',
        direction: 'row',
        translateY: -28,
        itemWidth: 72,
        itemHeight: 20,
        symbolSize: 12,
        symbolShape: 'circle',
      },
    ],
  };
  return (
    <ChartFrame summary={summary} height={height} width={width}>
      {width ? <Line {...props} width={width} height={height} /> : <ResponsiveLine {...props} />}
    </ChartFrame>
  );
}

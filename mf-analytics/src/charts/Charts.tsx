// The charts of Order Analytics, drawn with nivo. Only the two analytics pages import this
// module, so nivo (and d3 under it) is in their chunks and never in the dashboard tiles'.
import { Bar, type BarSvgProps } from '@nivo/bar';
import { Line, type LineSvgProps } from '@nivo/line';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { BarDatum, LineSeries } from '../chartData';
import { sparseTicks } from '../chartData';
import { nivoTheme, readChartLook } from './chartTheme';
import './Charts.css';

/** How a chart is sized: filling its box on screen, or a fixed width for paper. */
export interface ChartSize {
  height: number;
  /** A fixed width in px; the chart follows its box when absent. */
  width?: number;
  /** The widest the chart is drawn when it follows its box (paper's text width). */
  maxWidth?: number;
}

interface FrameProps extends ChartSize {
  /** What a screen reader hears instead of the drawing (the table carries the figures). */
  summary: string;
  /** Draws the chart at the box's width in px. */
  children: (width: number) => ReactNode;
}

/** The width of `element`, followed as it changes (the window, the sidebar collapsing). */
function useWidth(fixed: number | undefined) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fixed ?? 0);
  useEffect(() => {
    const element = ref.current;
    if (fixed !== undefined || element === null) return undefined;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [fixed]);
  return { ref, width: fixed ?? width };
}

/**
 * The chart's box: an image named by its summary, so assistive technology reads one sentence
 * and moves on to the table, rather than every bar and tick of the drawing. The chart is drawn
 * at the box's measured width (or the fixed one for paper), so the axes can space their labels
 * for it.
 */
function ChartFrame({ summary, height, width, maxWidth, children }: FrameProps) {
  const box = useWidth(width);
  const drawn = maxWidth === undefined ? box.width : Math.min(box.width, maxWidth);
  return (
    <div
      ref={box.ref}
      className="pos-chart"
      role="img"
      aria-label={summary}
      style={{ height, width: width ?? '100%' }}
    >
      {drawn > 0 && children(drawn)}
    </div>
  );
}

/** How many labels fit on an axis `length` px long, `spacing` px apart at least. */
const ticksFor = (length: number, spacing: number) => Math.max(2, Math.floor(length / spacing));

const useLook = () => useMemo(() => readChartLook(), []);

const compactNumber = (value: number | string) =>
  Number(value).toLocaleString('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** The legend over a chart, POS first as in the tables. */
const LEGEND = {
  anchor: 'top-left',
  direction: 'row',
  translateY: -28,
  itemWidth: 72,
  itemHeight: 20,
  symbolSize: 12,
  symbolShape: 'circle',
} as const;

export interface BarChartProps extends ChartSize {
  summary: string;
  data: BarDatum[];
  /** The value keys: two (POS, Web) stack; one draws a single colour. */
  keys: readonly string[];
  /** Horizontal bars for long names (applications, stations, users), the first on top. */
  horizontal?: boolean;
  /** The least room, in px, between two labels of the category axis. */
  labelSpacing?: number;
  /** A legend for stacked bars. */
  legend?: boolean;
}

/** A bar chart: stacked POS/Web bars, or one count per bar. */
export function BarChart({
  summary,
  data,
  keys,
  horizontal = false,
  labelSpacing = 44,
  legend = keys.length > 1,
  height,
  width,
  maxWidth,
}: BarChartProps) {
  const look = useLook();
  // Bars are indexed by their row's key (names may repeat); axis and tooltip show the label.
  const labelOf = new Map(data.map((datum) => [datum.key, datum.label]));
  const nameOf = (key: string | number) => labelOf.get(String(key)) ?? String(key);
  const keysOfBars = data.map((datum) => datum.key);
  const longest = data.reduce((max, datum) => Math.max(max, datum.label.length), 0);
  const margin = {
    top: legend ? 32 : 8,
    right: 16,
    bottom: horizontal ? 32 : 40,
    left: horizontal ? Math.min(160, 12 + longest * 7) : 44,
  };
  const draw = (boxWidth: number) => {
    const plotWidth = boxWidth - margin.left - margin.right;
    const props: BarSvgProps<BarDatum> = {
      width: boxWidth,
      height,
      // nivo draws a horizontal chart's first bar at the bottom: the busiest goes on top.
      // The box is the image (named by the summary); nivo's own svg role would be a second one.
      role: 'presentation',
      data: horizontal ? [...data].reverse() : data,
      keys: [...keys],
      indexBy: 'key',
      layout: horizontal ? 'horizontal' : 'vertical',
      groupMode: 'stacked',
      colors: look.series.slice(0, keys.length),
      theme: nivoTheme(look),
      margin,
      padding: 0.3,
      innerPadding: 0,
      borderRadius: 2,
      enableLabel: false,
      enableGridX: horizontal,
      enableGridY: !horizontal,
      animate: false,
      axisLeft: horizontal
        ? { tickSize: 0, tickPadding: 8, format: nameOf }
        : { tickSize: 0, tickPadding: 8, format: compactNumber, tickValues: 5 },
      axisBottom: horizontal
        ? {
            tickSize: 0,
            tickPadding: 8,
            format: compactNumber,
            tickValues: ticksFor(plotWidth, 56),
          }
        : {
            tickSize: 0,
            tickPadding: 8,
            format: nameOf,
            tickValues: sparseTicks(keysOfBars, ticksFor(plotWidth, labelSpacing)),
          },
      tooltipLabel: (datum) => `${datum.id} - ${nameOf(datum.indexValue)}`,
      legends: legend ? [{ ...LEGEND, dataFrom: 'keys' }] : [],
      valueFormat: (value) => value.toLocaleString('en-US'),
    };
    return <Bar {...props} />;
  };
  return (
    <ChartFrame summary={summary} height={height} width={width} maxWidth={maxWidth}>
      {draw}
    </ChartFrame>
  );
}

export interface DayLineChartProps extends ChartSize {
  summary: string;
  series: LineSeries[];
  /** The x values (YYYY-MM-DD) as the axis shows them. */
  formatDay: (day: string) => string;
}

/** Orders per day as two lines, POS and Web, over the range. */
export function DayLineChart({
  summary,
  series,
  formatDay,
  height,
  width,
  maxWidth,
}: DayLineChartProps) {
  const look = useLook();
  const days = series[0]?.data.map((point) => point.x) ?? [];
  const margin = { top: 32, right: 24, bottom: 40, left: 44 };
  const draw = (boxWidth: number) => {
    const plotWidth = boxWidth - margin.left - margin.right;
    const props: LineSvgProps<LineSeries> = {
      width: boxWidth,
      height,
      role: 'presentation',
      data: series,
      colors: look.series.slice(0, series.length),
      theme: nivoTheme(look),
      margin,
      xScale: { type: 'point' },
      yScale: { type: 'linear', min: 0, max: 'auto', stacked: false },
      // A smooth curve reads well over weeks; over months it only adds wiggles between days.
      curve: days.length > 62 ? 'linear' : 'monotoneX',
      lineWidth: 2,
      // A point per day while there is room for it.
      enablePoints: plotWidth / Math.max(1, days.length) >= 12,
      pointSize: 5,
      enableArea: true,
      areaOpacity: 0.08,
      enableGridX: false,
      animate: false,
      useMesh: true,
      enableSlices: 'x',
      axisLeft: { tickSize: 0, tickPadding: 8, format: compactNumber, tickValues: 5 },
      axisBottom: {
        tickSize: 0,
        tickPadding: 8,
        tickValues: sparseTicks(days, ticksFor(plotWidth, 64)),
        format: (value) => formatDay(String(value)),
      },
      // The legend's items are given, so it reads POS, Web like the tables (nivo would list
      // a line chart's last series first).
      legends: [
        {
          ...LEGEND,
          data: series.map((line, index) => ({
            id: line.id,
            label: line.id,
            color: look.series[index] ?? look.text,
          })),
        },
      ],
    };
    return <Line {...props} />;
  };
  return (
    <ChartFrame summary={summary} height={height} width={width} maxWidth={maxWidth}>
      {draw}
    </ChartFrame>
  );
}

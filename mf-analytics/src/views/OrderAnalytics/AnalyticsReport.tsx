import type { TableColumn } from '@pos/shared';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import {
  CHANNEL_KEYS,
  applicationRows,
  channelBars,
  countBars,
  dayLines,
  dayRows,
  hourRows,
  monthRows,
  revenueText,
  stationRows,
  summariseChannelRows,
  summariseCountRows,
  userRows,
  weekdayRows,
  type ChannelRow,
  type CountRow,
} from '../../chartData';
import { BarChart, DayLineChart } from '../../charts';
import { analyticsTestIds } from '../../testIds';
import {
  CHARTS,
  COLUMN,
  NO_STATIONS_ORDERS,
  NO_USERS_ORDERS,
  ORDERS,
  POS,
  POS_ORDERS,
  TOTAL_ORDERS,
  WEB,
  WEB_ORDERS,
} from '../../texts';
import type { UsageAnalytics } from '../../types';
import { ChartSection } from './ChartSection';
import './AnalyticsReport.css';

const ids = analyticsTestIds.analytics;

/** Bars of the busiest stations and users drawn; the table lists them all. */
const TOP_BARS = 10;

/** Chart heights on screen; on paper the charts take the A4 text width. */
const HEIGHT = 280;
export const PRINT_CHART_WIDTH = 680;

const number = (value: number) => value.toLocaleString('en-US');

const channelColumns = (first: string): TableColumn<ChannelRow>[] => [
  { id: 'label', header: first, cell: (row) => row.label, rowHeader: true },
  { id: 'orders', header: ORDERS, cell: (row) => number(row.orders), align: 'end' },
  { id: 'pos', header: POS, cell: (row) => number(row.pos), align: 'end' },
  { id: 'web', header: WEB, cell: (row) => number(row.web), align: 'end' },
];

const countColumns = (first: string): TableColumn<CountRow>[] => [
  { id: 'label', header: first, cell: (row) => row.label, rowHeader: true },
  { id: 'application', header: COLUMN.application, cell: (row) => row.application },
  { id: 'orders', header: ORDERS, cell: (row) => number(row.orders), align: 'end' },
];

const share = (part: number, whole: number) =>
  whole === 0 ? '0%' : `${Math.round((part / whole) * 100)}%`;

export interface AnalyticsReportProps {
  usage: UsageAnalytics;
  /** Paper: fixed chart widths, every table shown whole. */
  print?: boolean;
}

/**
 * The figures of a period (spec 3): total, POS and web orders, then a chart and its table for
 * orders per day and per month (POS vs web), by application, by hour, by day of week, by
 * station and by user.
 */
export function AnalyticsReport({ usage, print = false }: AnalyticsReportProps) {
  const rows = useMemo(
    () => ({
      days: dayRows(usage),
      months: monthRows(usage),
      applications: applicationRows(usage),
      hours: hourRows(usage),
      weekdays: weekdayRows(usage),
      stations: stationRows(usage),
      users: userRows(usage),
    }),
    [usage],
  );
  const revenue = useMemo(
    () =>
      new Map(
        usage.applicationAnalytics.map((app) => [app.applicationId, revenueText(app.revenue)]),
      ),
    [usage],
  );
  // On paper the charts take the A4 text width; a narrow screen's preview draws them narrower.
  const size = (height: number) => (print ? { height, maxWidth: PRINT_CHART_WIDTH } : { height });
  const { totals } = usage;
  return (
    <div className="pos-analytics-report">
      <dl className="pos-analytics-summary">
        <div className="pos-analytics-summary__item">
          <dt>{TOTAL_ORDERS}</dt>
          <dd data-testid={ids.total}>{number(totals.orders)}</dd>
        </div>
        <div className="pos-analytics-summary__item pos-analytics-summary__item--pos">
          <dt>{POS_ORDERS}</dt>
          <dd>
            <span data-testid={ids.pos}>{number(totals.pos)}</span>{' '}
            <span className="pos-analytics-summary__share">{share(totals.pos, totals.orders)}</span>
          </dd>
        </div>
        <div className="pos-analytics-summary__item pos-analytics-summary__item--web">
          <dt>{WEB_ORDERS}</dt>
          <dd>
            <span data-testid={ids.web}>{number(totals.web)}</span>{' '}
            <span className="pos-analytics-summary__share">{share(totals.web, totals.orders)}</span>
          </dd>
        </div>
      </dl>

      <div className="pos-analytics-grid">
        <ChartSection
          chartKey="per-day"
          title={CHARTS.perDay}
          wide
          print={print}
          paged
          chart={
            <DayLineChart
              summary={summariseChannelRows(CHARTS.perDay, rows.days)}
              series={dayLines(rows.days)}
              formatDay={(day) => dayjs(day).format('MMM D')}
              {...size(HEIGHT)}
            />
          }
          columns={channelColumns(COLUMN.date)}
          rows={rows.days}
          rowKey={(row) => row.key}
        />
        <ChartSection
          chartKey="per-month"
          title={CHARTS.perMonth}
          print={print}
          chart={
            <BarChart
              summary={summariseChannelRows(CHARTS.perMonth, rows.months)}
              data={channelBars(rows.months)}
              keys={CHANNEL_KEYS}
              {...size(HEIGHT)}
            />
          }
          columns={channelColumns(COLUMN.month)}
          rows={rows.months}
          rowKey={(row) => row.key}
        />
        <ChartSection
          chartKey="applications"
          title={CHARTS.applications}
          print={print}
          chart={
            <BarChart
              summary={summariseChannelRows(CHARTS.applications, rows.applications)}
              data={channelBars(rows.applications)}
              keys={CHANNEL_KEYS}
              horizontal
              {...size(Math.max(160, 48 + rows.applications.length * 36))}
            />
          }
          columns={[
            ...channelColumns(COLUMN.application),
            {
              id: 'revenue',
              header: COLUMN.revenue,
              cell: (row) => revenue.get(row.key) || '—',
              align: 'end',
            },
          ]}
          rows={rows.applications}
          rowKey={(row) => row.key}
        />
        <ChartSection
          chartKey="hours"
          title={CHARTS.hours}
          print={print}
          chart={
            <BarChart
              summary={summariseChannelRows(CHARTS.hours, rows.hours)}
              data={channelBars(rows.hours)}
              keys={CHANNEL_KEYS}
              labelSpacing={48}
              {...size(HEIGHT)}
            />
          }
          columns={channelColumns(COLUMN.hour)}
          rows={rows.hours}
          rowKey={(row) => row.key}
        />
        <ChartSection
          chartKey="weekdays"
          title={CHARTS.weekdays}
          print={print}
          chart={
            <BarChart
              summary={summariseChannelRows(CHARTS.weekdays, rows.weekdays)}
              data={channelBars(rows.weekdays).map((bar) => ({
                ...bar,
                label: String(bar.label).slice(0, 3),
              }))}
              keys={CHANNEL_KEYS}
              {...size(HEIGHT)}
            />
          }
          columns={channelColumns(COLUMN.day)}
          rows={rows.weekdays}
          rowKey={(row) => row.key}
        />
        <RankingSection
          chartKey="stations"
          title={CHARTS.stations}
          column={COLUMN.station}
          noun={['station', 'stations']}
          rows={rows.stations}
          emptyText={NO_STATIONS_ORDERS}
          print={print}
        />
        <RankingSection
          chartKey="users"
          title={CHARTS.users}
          column={COLUMN.user}
          noun={['user', 'users']}
          rows={rows.users}
          emptyText={NO_USERS_ORDERS}
          print={print}
        />
      </div>
    </div>
  );
}

interface RankingSectionProps {
  chartKey: string;
  title: string;
  /** The table's first column header. */
  column: string;
  /** What a row is, one and many, for the chart's spoken summary. */
  noun: [string, string];
  rows: readonly CountRow[];
  emptyText: string;
  print: boolean;
}

/**
 * A ranking of the period (orders by station, by user): the busiest {@link TOP_BARS} as
 * horizontal bars, every row in the paged table.
 */
function RankingSection({
  chartKey,
  title,
  column,
  noun,
  rows,
  emptyText,
  print,
}: RankingSectionProps) {
  const height = Math.max(120, 40 + Math.min(TOP_BARS, rows.length) * 32);
  return (
    <ChartSection
      chartKey={chartKey}
      title={title}
      print={print}
      paged
      chart={
        <BarChart
          summary={summariseCountRows(title, rows, noun[0], noun[1])}
          data={countBars(rows, TOP_BARS)}
          keys={[ORDERS]}
          horizontal
          legend={false}
          height={height}
          {...(print ? { maxWidth: PRINT_CHART_WIDTH } : {})}
        />
      }
      columns={countColumns(column)}
      rows={rows}
      rowKey={(row) => row.key}
      emptyText={emptyText}
    />
  );
}

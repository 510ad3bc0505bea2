export { BarChart, DayLineChart } from './Charts';
export type { BarChartProps, ChartSize, DayLineChartProps } from './Charts';

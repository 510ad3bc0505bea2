export { ProgressWidget } from './ProgressWidget';
export type { ProgressWidgetProps, WidgetTasks } from './ProgressWidget';

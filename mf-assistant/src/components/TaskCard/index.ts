export { TaskCard } from './TaskCard';
export type { TaskCardProps } from './TaskCard';

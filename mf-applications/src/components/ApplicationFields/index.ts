export { ApplicationFields } from './ApplicationFields';
export type { ApplicationFieldsProps } from './ApplicationFields';

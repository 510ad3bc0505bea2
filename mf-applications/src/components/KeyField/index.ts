export { KeyField } from './KeyField';
export type { KeyFieldProps } from './KeyField';

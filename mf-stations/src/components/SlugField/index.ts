export { SlugField } from './SlugField';
export type { SlugFieldProps } from './SlugField';

export { SavedCardItem, brandName } from './SavedCardItem';
export type { SavedCardItemProps } from './SavedCardItem';

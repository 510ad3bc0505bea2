export { FeedEntry } from './FeedEntry';
export type { FeedEntryProps } from './FeedEntry';
export { feedLink } from './feedLink';
export type { FeedLink } from './feedLink';

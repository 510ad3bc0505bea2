export { ACTIVITY_PAGE_SIZE, ActivityFeed } from './ActivityFeed';

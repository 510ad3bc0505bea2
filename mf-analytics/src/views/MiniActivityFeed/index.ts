export { MINI_FEED_SIZE, MiniActivityFeed } from './MiniActivityFeed';

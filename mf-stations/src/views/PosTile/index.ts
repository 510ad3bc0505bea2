export { PosTile } from './PosTile';

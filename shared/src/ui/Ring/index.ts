export { Ring } from './Ring';
export type { RingProps } from './Ring';

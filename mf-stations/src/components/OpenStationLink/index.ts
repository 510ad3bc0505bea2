export { OpenStationLink } from './OpenStationLink';
export type { OpenStationLinkProps } from './OpenStationLink';

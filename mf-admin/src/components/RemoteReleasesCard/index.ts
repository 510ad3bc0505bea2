export { RemoteReleasesCard, type RemoteReleasesCardProps } from './RemoteReleasesCard';

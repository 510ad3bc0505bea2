export { AddonDownloadLink } from './AddonDownloadLink';

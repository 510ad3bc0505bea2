export { AccountBanners, ACTIVATION_EMAIL_SENT } from './AccountBanners';
export { Banner } from './Banner';

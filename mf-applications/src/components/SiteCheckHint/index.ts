export { SiteCheckHint } from './SiteCheckHint';
export type { SiteCheckHintProps } from './SiteCheckHint';

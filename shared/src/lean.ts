// `@pos/shared/lean`: what the signed-out shell needs before anyone signs in (its bootstrap,
// the session routes, the landing, deactivated and access-denied pages, the bubbles). It leaves
// out what the package root brings (the api client, the contract's parcels and router glue,
// the rest of the UI kit), so the landing page does not pay for them. These are the same
// modules the root re-exports, so the bus and the session still exist once on the page.
// The design tokens are a stylesheet of their own: `@pos/shared/tokens.css`.
export * from './bus/events';
export * from './bus/EventBus';
export * from './session/token';
export * from './session/SessionStore';
export * from './rules';
export type * from './types/entities';
export type * from './contract/types';
export { cx } from './ui/cx';
export * from './ui/Icon';
export * from './ui/IconButton';
export * from './ui/LoadingState';
export * from './ui/ErrorState';

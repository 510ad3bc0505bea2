// The rules the api and the front ends both apply (`@pos/shared/rules`). Pure TypeScript with
// no imports outside this folder: the api loads it compiled to CommonJS (shared/dist/rules),
// the front ends bundle the source.
export * from './display-text';
export * from './invitations';
export * from './mask';
export * from './redirect';
export * from './slugs';
export * from './staff';
export * from './support';
export * from './url';
export * from './ring';
export * from './slots';

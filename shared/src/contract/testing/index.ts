// `@pos/shared/testing`: what a remote's tests need to render a view as the shell mounts it
// and to answer its api calls. Not in the package root, so no bundle carries it.
export * from './fakeApi';
export * from './memoryNavigator';
export * from './renderWithParcel';
export * from './viewers';

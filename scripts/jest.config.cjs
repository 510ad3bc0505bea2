// The repository scripts' tests (the static server): plain Node, no transform.
module.exports = {
  displayName: 'scripts',
  testEnvironment: 'node',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.test.cjs'],
  transform: {},
};

// Unit and component tests of every package; the api's database tests have their own runs
// (see scripts/test.mjs) because they need a database chosen by DATABASE_URL.
module.exports = {
  // Jest reads the test timeout from the root config only (a project's own is ignored): 5 s is
  // too short for a component test or a file's server set-up while the whole suite runs in
  // parallel on a 2-core machine. A test that hangs still fails, after 30 s.
  testTimeout: 30_000,
  projects: [
    '<rootDir>/shared',
    '<rootDir>/shell',
    '<rootDir>/mf-admin',
    '<rootDir>/mf-applications',
    '<rootDir>/mf-stations',
    '<rootDir>/mf-billing',
    '<rootDir>/mf-analytics',
    '<rootDir>/mf-staff',
    '<rootDir>/mf-assistant',
    '<rootDir>/register',
    '<rootDir>/sandbox',
    '<rootDir>/api',
    '<rootDir>/scripts/jest.config.cjs',
  ],
};

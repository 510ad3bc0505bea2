// Unit and component tests of every package; the api's database tests have their own runs
// (see scripts/test.mjs) because they need a database chosen by DATABASE_URL.
module.exports = {
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

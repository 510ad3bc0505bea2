module.exports = require('@pos/shared/webpack/federation.cjs').createRemoteConfig({
  dir: __dirname,
  name: 'mf_admin',
  port: 3006,
  title: 'Admin Panel',
});

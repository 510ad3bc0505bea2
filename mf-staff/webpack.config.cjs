module.exports = require('@pos/shared/webpack/federation.cjs').createRemoteConfig({
  dir: __dirname,
  name: 'mf_staff',
  port: 3007,
  title: 'Staff',
});

module.exports = require('@pos/shared/webpack/federation.cjs').createRemoteConfig({
  dir: __dirname,
  name: 'mf_billing',
  port: 3003,
  title: 'My Plan',
});

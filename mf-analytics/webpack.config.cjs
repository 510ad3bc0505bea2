module.exports = require('@pos/shared/webpack/federation.cjs').createRemoteConfig({
  dir: __dirname,
  name: 'mf_analytics',
  port: 3004,
  title: 'Order Analytics',
});

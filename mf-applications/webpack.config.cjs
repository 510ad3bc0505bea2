module.exports = require('@pos/shared/webpack/federation.cjs').createRemoteConfig({
  dir: __dirname,
  name: 'mf_applications',
  port: 3001,
  title: 'Applications',
});

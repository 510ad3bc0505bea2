module.exports = require('@pos/shared/webpack/federation.cjs').createRemoteConfig({
  dir: __dirname,
  name: 'mf_stations',
  port: 3002,
  title: 'Stations',
});

module.exports = require('@pos/shared/webpack/federation.cjs').createRemoteConfig({
  dir: __dirname,
  name: 'mf_assistant',
  port: 3008,
  title: 'Assistant',
});

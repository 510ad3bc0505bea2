// The Module Federation settings of shared/webpack/federation.cjs that the run time depends on:
// the host provides every singleton, the form packages by file (its own code imports none), and
// its name wins the share scope over every remote's. services.mjs is an ES module, so a child
// Node reads the remotes' names.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const federation = require('../../shared/webpack/federation.cjs');

const services = path.join(__dirname, '..', 'lib', 'services.mjs');

function remoteNames() {
  const script = `
    const { remotes } = await import(${JSON.stringify(services)});
    process.stdout.write(JSON.stringify(remotes.map((r) => r.name)));
  `;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout);
}

describe('hostSingletons', () => {
  const host = federation.hostSingletons();
  const remote = federation.sharedSingletons();

  it('shares every singleton a remote shares, with the same version and as a singleton', () => {
    expect(Object.keys(host).sort()).toEqual(Object.keys(remote).sort());
    for (const [name, config] of Object.entries(remote)) {
      expect(host[name]).toMatchObject({
        singleton: true,
        requiredVersion: config.requiredVersion,
        version: config.version,
      });
    }
  });

  it.each(['react-final-form', 'final-form', '@pos/shared/forms'])(
    'provides %s from a file, so the host provides it though its code imports none',
    (name) => {
      const file = host[name].import;
      expect(path.isAbsolute(file)).toBe(true);
      expect(fs.existsSync(file)).toBe(true);
      expect(remote[name].import).toBeUndefined();
    },
  );

  it('takes the ES module build of the form packages, as the remotes resolve them', () => {
    expect(host['react-final-form'].import).toMatch(/react-final-form\.es\.js$/);
    expect(host['final-form'].import).toMatch(/final-form\.es\.js$/);
  });

  it("names the host so that its copy wins over every remote's in the share scope", () => {
    // runtime-core replaces a registered, not yet loaded share only when the new registrant's
    // name sorts after the registered one's.
    const names = remoteNames();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name < 'shell').toBe(true);
  });
});

describe('reactRouterProduction', () => {
  it('points React Router and its DOM entry at the installed production build', () => {
    const alias = federation.reactRouterProduction();
    expect(Object.keys(alias).sort()).toEqual(['react-router$', 'react-router/dom$']);
    for (const file of Object.values(alias)) {
      expect(file).toContain(`${path.sep}dist${path.sep}production${path.sep}`);
      expect(fs.existsSync(file)).toBe(true);
    }
  });
});

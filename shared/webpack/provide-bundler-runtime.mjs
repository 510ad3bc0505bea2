// The shell's federation runtime plugin that gives the production remotes the bundler runtime's
// stateless functions (shared/webpack/federation.cjs, SHELL_BUNDLER_RUNTIME_FILES): the remotes'
// builds take these files from the global set here instead of carrying a copy each. The imports
// are the very files the shell's own federation runtime runs (the alias points at the
// webpack-bundler-runtime that @module-federation/enhanced builds with), so nothing is added to
// the shell but initContainerEntry, which a host that exposes nothing does not use itself. The
// error codes the remotes' runtime entry asserts with come from the shell's copy too.
import { attachShareScopeMap } from 'mf-bundler-runtime/attachShareScopeMap.js';
import { consumes } from 'mf-bundler-runtime/consumes.js';
import { getSharedFallbackGetter } from 'mf-bundler-runtime/getSharedFallbackGetter.js';
import { init } from 'mf-bundler-runtime/init.js';
import { initContainerEntry } from 'mf-bundler-runtime/initContainerEntry.js';
import { initializeSharing } from 'mf-bundler-runtime/initializeSharing.js';
import { installInitialConsumes } from 'mf-bundler-runtime/installInitialConsumes.js';
import { remotes } from 'mf-bundler-runtime/remotes.js';
import { RUNTIME_009, runtimeDescMap } from 'mf-error-codes';

/** The globals the remotes read (BUNDLER_RUNTIME_GLOBAL, ERROR_CODES_GLOBAL of federation.cjs). */
const GLOBAL = '_FEDERATION_BUNDLER_RUNTIME';
const ERROR_CODES = '_FEDERATION_ERROR_CODES';

export default function provideBundlerRuntime() {
  return {
    name: 'provide-bundler-runtime',
    beforeInit(args) {
      if (!globalThis[GLOBAL]) {
        globalThis[GLOBAL] = Object.freeze({
          attachShareScopeMap,
          consumes,
          getSharedFallbackGetter,
          init,
          initContainerEntry,
          initializeSharing,
          installInitialConsumes,
          remotes,
        });
      }
      if (!globalThis[ERROR_CODES]) {
        globalThis[ERROR_CODES] = Object.freeze({ RUNTIME_009, runtimeDescMap });
      }
      return args;
    },
  };
}

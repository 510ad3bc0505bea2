import semver from 'semver';
import type { ShellProvides } from '../../services/live-shell';
import type { SharedRequirement } from './types';

/**
 * Every way a release's declared singletons do not fit the live shell, one line each, e.g.
 * `react: the release needs ^20.0.0, the live shell provides 19.3.1`. Empty when it fits.
 * A singleton exists once per page, the shell's copy: a release whose range that copy does not
 * satisfy would run against a version it was not built for.
 */
export function compatibilityMismatches(
  shared: readonly SharedRequirement[],
  shell: ShellProvides,
): string[] {
  const mismatches: string[] = [];
  for (const requirement of shared) {
    const provided = shell[requirement.name];
    if (provided === undefined) {
      mismatches.push(
        `${requirement.name}: the release needs ${requirement.requiredVersion}, the live shell provides none`,
      );
      continue;
    }
    const range = semver.validRange(requirement.requiredVersion);
    if (range === null || !semver.satisfies(provided, range)) {
      mismatches.push(
        `${requirement.name}: the release needs ${requirement.requiredVersion}, the live shell provides ${provided}`,
      );
    }
  }
  return mismatches;
}

import { CellLabel, Toggle } from '@pos/shared';
import type { useQuickLaunch } from '../../hooks/useQuickLaunch';
import { stationsTestIds } from '../../testIds';
import { quickLaunchToggleLabel } from '../../texts';
import type { Station } from '../../types';
import { quickLaunchKey } from '../../urls';

export interface QuickLaunchToggleProps {
  applicationId: string;
  station: Station;
  quickLaunch: Pick<ReturnType<typeof useQuickLaunch>, 'ready' | 'pinned' | 'pending' | 'toggle'>;
}

/**
 * The Quick Launch cell of a station row (spec 2.4): a switch that pins the station, busy while
 * its change is saved. A station that cannot be opened has none (spec 6).
 */
export function QuickLaunchToggle({ applicationId, station, quickLaunch }: QuickLaunchToggleProps) {
  if (station.access === false) return null;
  const key = quickLaunchKey(applicationId, station.posID);
  return (
    <>
      <CellLabel>Quick Launch</CellLabel>
      <Toggle
        label={quickLaunchToggleLabel(station.name)}
        hideLabel
        checked={Boolean(quickLaunch.pinned[key])}
        busy={!quickLaunch.ready || quickLaunch.pending.has(key)}
        onChange={(on) => void quickLaunch.toggle(key, on)}
        data-testid={stationsTestIds.applicationStations.quickLaunchToggle}
      />
    </>
  );
}

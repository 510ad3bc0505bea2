import { isAxiosError } from 'axios';
import { useState } from 'react';
import { apiErrorMessage, useParcel, useMounted } from '@pos/shared';
import { updateStationSlug } from '../api';
import { decideDefault, decideSlug, type SlugDecision } from '../stationRules';
import { DEFAULT_ALREADY_ASSIGNED, DUPLICATE_POS_URL, posUrlChanged } from '../texts';
import type { Station, StationApplication } from '../types';
import { cloudStationUrl } from '../urls';

// The server's 409 answers that are the spec's info messages (spec 5); any other refusal is a
// danger bubble with the server's text (spec 8).
const INFO_CONFLICTS = new Set([DEFAULT_ALREADY_ASSIGNED, DUPLICATE_POS_URL]);

/**
 * The Default switches and POS URL fields of an application's stations (spec 4, 5). Each
 * change is checked with the client's copy of the rules first; what the server stores is put on
 * screen; a refusal leaves the station as it was, resets its field (`resets` bumps the field's
 * key) and is told in a bubble. A 'changed meanwhile' conflict loads the stations again.
 */
export function useStationChanges({
  application,
  stations,
  applySlug,
  reload,
}: {
  application: StationApplication | null;
  stations: readonly Station[];
  applySlug: (posID: string, stationSlug: string) => void;
  reload: () => void;
}) {
  const { api, bus, cloudPosUrl } = useParcel();
  const isMounted = useMounted();
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [resets, setResets] = useState<Readonly<Record<string, number>>>({});

  const resetField = (posID: string) =>
    setResets((current) => ({ ...current, [posID]: (current[posID] ?? 0) + 1 }));
  const setBusy = (posID: string, busy: boolean) =>
    setPending((current) => {
      const next = new Set(current);
      if (busy) next.add(posID);
      else next.delete(posID);
      return next;
    });

  const apply = async (station: Station, decision: SlugDecision) => {
    if (decision.kind === 'unchanged') {
      resetField(station.posID);
      return;
    }
    if (decision.kind === 'refused') {
      // Told before any request: nothing failed, so nothing goes to the feed as an error.
      bus.emit('notify', { message: decision.message, status: 'info' });
      resetField(station.posID);
      return;
    }
    if (!application || pending.has(station.posID)) return;
    setBusy(station.posID, true);
    try {
      const answer = await updateStationSlug(api, application.id, {
        stationId: station.posID,
        stationSlug: decision.stationSlug,
        stationName: station.name,
        oldStationSlug: station.cloudStationSlug,
      });
      bus.emit('notify', {
        message: posUrlChanged(
          station.name,
          cloudStationUrl(cloudPosUrl, application.slug, answer.stationSlug),
        ),
        status: 'success',
      });
      if (isMounted()) applySlug(station.posID, answer.stationSlug);
    } catch (error) {
      const message = apiErrorMessage(error);
      const conflict = isAxiosError(error) && error.response?.status === 409;
      bus.emit('notify', {
        message,
        status: conflict && INFO_CONFLICTS.has(message) ? 'info' : 'danger',
      });
      if (isMounted()) {
        resetField(station.posID);
        if (conflict && !INFO_CONFLICTS.has(message)) reload();
      }
    } finally {
      if (isMounted()) setBusy(station.posID, false);
    }
  };

  return {
    pending,
    /** How often each station's POS URL field was reset: part of its key. */
    resets,
    setDefault: (station: Station, on: boolean) =>
      void apply(station, decideDefault(stations, station, on)),
    commitSlug: (station: Station, typed: string) =>
      void apply(station, decideSlug(stations, station, typed)),
  };
}

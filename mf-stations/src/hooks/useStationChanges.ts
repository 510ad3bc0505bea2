import { isAxiosError } from 'axios';
import { useEffect, useRef, useState } from 'react';
import { apiErrorMessage, useParcel, useMounted } from '@pos/shared';
import { updateStationSlug } from '../api';
import { decideDefault, decideSlug, type SlugDecision } from '../stationRules';
import { DEFAULT_ALREADY_ASSIGNED, DUPLICATE_POS_URL, posUrlChanged } from '../texts';
import type { Station, StationApplication } from '../types';
import { cloudStationUrl } from '../urls';

// The server's 409 answers that are the spec's info messages (spec 5); any other refusal is a
// danger bubble with the server's text (spec 8).
const INFO_CONFLICTS = new Set([DEFAULT_ALREADY_ASSIGNED, DUPLICATE_POS_URL]);

/** Which control of a station started the change being saved (or waiting to be). */
export type StationChangeKind = 'default' | 'slug';

/** A change asked for while another one of the station was saved: decided once that is done. */
interface QueuedChange {
  kind: StationChangeKind;
  decide: (stations: readonly Station[], station: Station) => SlugDecision;
}

/**
 * The Default switches and POS URL fields of an application's stations (spec 4, 5). Each
 * change is checked with the client's copy of the rules first; what the server stores is put on
 * screen; a refusal leaves the station as it was, resets its field (`resets` bumps the field's
 * reset token) and is told in a bubble. A 'changed meanwhile' conflict loads the stations again.
 * A change asked for while another change of the same station is saved waits for it and is then
 * decided against the stations as they are after it.
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
  const [pending, setPending] = useState<ReadonlyMap<string, StationChangeKind>>(new Map());
  const [resets, setResets] = useState<Readonly<Record<string, number>>>({});
  // Bumped whenever a save ends, so waiting changes are looked at with the stations after it.
  const [settled, setSettled] = useState(0);
  // Refs, not state: two calls within one render must see each other's request.
  const inFlight = useRef(new Set<string>());
  const queued = useRef(new Map<string, QueuedChange>());

  const resetField = (posID: string) =>
    setResets((current) => ({ ...current, [posID]: (current[posID] ?? 0) + 1 }));
  const markPending = (posID: string, kind: StationChangeKind | null) =>
    setPending((current) => {
      const next = new Map(current);
      if (kind) next.set(posID, kind);
      else next.delete(posID);
      return next;
    });

  const apply = async (station: Station, decision: SlugDecision, kind: StationChangeKind) => {
    if (decision.kind === 'unchanged' || decision.kind === 'refused' || !application) {
      // Told before any request: nothing failed, so nothing goes to the feed as an error.
      if (decision.kind === 'refused') {
        bus.emit('notify', { message: decision.message, status: 'info' });
      }
      resetField(station.posID);
      markPending(station.posID, null);
      return;
    }
    inFlight.current.add(station.posID);
    markPending(station.posID, kind);
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
      inFlight.current.delete(station.posID);
      if (isMounted()) {
        if (!queued.current.has(station.posID)) markPending(station.posID, null);
        setSettled((count) => count + 1);
      }
    }
  };

  const request = (station: Station, change: QueuedChange) => {
    if (inFlight.current.has(station.posID)) {
      // The later wish wins; the control shows that it is waiting rather than ignore it.
      queued.current.set(station.posID, change);
      markPending(station.posID, change.kind);
      return;
    }
    void apply(station, change.decide(stations, station), change.kind);
  };

  // The queue is looked at when a save ends or the list changes, with this render's apply.
  const applyLatest = useRef(apply);
  useEffect(() => {
    applyLatest.current = apply;
  });
  useEffect(() => {
    for (const [posID, change] of queued.current) {
      if (inFlight.current.has(posID)) continue;
      queued.current.delete(posID);
      const station = stations.find((candidate) => candidate.posID === posID);
      if (station) void applyLatest.current(station, change.decide(stations, station), change.kind);
      else
        setPending((current) => {
          const next = new Map(current);
          next.delete(posID);
          return next;
        });
    }
  }, [settled, stations]);

  return {
    /** Stations with a change being saved or waiting, and which control started it. */
    pending,
    /** How often each station's POS URL field was reset: its field's reset token. */
    resets,
    setDefault: (station: Station, on: boolean) =>
      request(station, {
        kind: 'default',
        decide: (list, current) => decideDefault(list, current, on),
      }),
    commitSlug: (station: Station, typed: string) =>
      request(station, {
        kind: 'slug',
        decide: (list, current) => decideSlug(list, current, typed),
      }),
  };
}

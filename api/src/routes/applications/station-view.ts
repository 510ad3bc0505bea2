import { slugOf } from '../../domain/stations/slugs';
import type { StoreStation } from '../../services/store-client';
import { mayOpen } from '../../services/store-client';
import type { Station } from './schemas/entities';

/** The wire shape of a store station for the WordPress user `wpUserId`. */
export function toStation(
  station: StoreStation,
  slugs: Map<string, string>,
  wpUserId: number | null,
): Station {
  return {
    posID: String(station.posId),
    name: station.name,
    url: station.url,
    cloudStationSlug: slugOf(station, slugs),
    access: mayOpen(station, wpUserId),
    globalSettings: station.settings,
  };
}

import type { Kysely } from 'kysely';
import { newId, nowIso } from '../db/ids';
import type { ActivityRow, Database } from '../db/types';
import type { Activity } from '../routes/activities/schema';

export type { Activity };

/** Feed types of the activity feed (spec 3), in the spec's order. */
export const FEED_TYPES = [
  'applicationAdded',
  'applicationAuthorized',
  'applicationDisconnected',
  'applicationShared',
  'applicationUpdated',
  'customerAdded',
  'errorNotification',
  'orderProcessed',
  'posUrlChanged',
  'productAdded',
  'stationOpened',
] as const;

/** One of {@link FEED_TYPES}. */
export type FeedType = (typeof FEED_TYPES)[number];

/** What a new feed entry carries. */
export interface NewActivity {
  name: string;
  feedType: FeedType;
  link?: string | null;
  linkName?: string | null;
  /** Defaults to now; seeds pass older times. */
  createdAt?: string;
}

function toActivity(row: ActivityRow): Activity {
  return {
    id: row.id,
    owner: row.user_id,
    name: row.name,
    createdAt: row.created_at,
    link: row.link,
    linkName: row.link_name,
    feedType: row.feed_type as FeedType,
  };
}

/** The activity feed of each user. */
export class ActivitiesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A page of the user's own entries, newest first, and how many they have. */
  async page(
    userId: string,
    page: number,
    limit: number,
  ): Promise<{ data: Activity[]; totalAll: number }> {
    const rows = await this.db
      .selectFrom('activities')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    const total = await this.db
      .selectFrom('activities')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { data: rows.map(toActivity), totalAll: Number(total.n) };
  }

  /** Adds an entry to the user's feed; returns its id. */
  async create(userId: string, entry: NewActivity): Promise<string> {
    const id = newId();
    await this.db
      .insertInto('activities')
      .values({
        id,
        user_id: userId,
        name: entry.name,
        feed_type: entry.feedType,
        link: entry.link ?? null,
        link_name: entry.linkName ?? null,
        created_at: entry.createdAt ?? nowIso(),
      })
      .execute();
    return id;
  }

  /**
   * Adds the entry unless the user's feed got the same one (type, name and link) in the last
   * `withinMs`; the id, or null when it was left out. Two requests at the same instant may
   * both add it: this thins out repeats, it is no lock.
   */
  async createUnlessRecent(
    userId: string,
    entry: NewActivity,
    withinMs: number,
  ): Promise<string | null> {
    const since = new Date(Date.now() - withinMs).toISOString();
    const recent = await this.db
      .selectFrom('activities')
      .select('id')
      .where('user_id', '=', userId)
      .where('feed_type', '=', entry.feedType)
      .where('name', '=', entry.name)
      .where('created_at', '>=', since)
      .where((eb) => (entry.link == null ? eb('link', 'is', null) : eb('link', '=', entry.link)))
      .limit(1)
      .executeTakeFirst();
    if (recent) return null;
    return this.create(userId, entry);
  }
}

import type { Kysely } from 'kysely';
import { newId, nowIso } from '../db/ids';
import type { ActivityRow, Database } from '../db/types';

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

/** One entry of the activity feed as the api returns it. */
export interface Activity {
  id: string;
  owner: string;
  name: string;
  createdAt: string;
  link: string | null;
  linkName: string | null;
  feedType: FeedType;
}

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
}

import type { DatabaseHandle } from '../db';
import { ActivitiesRepository } from './activities';
import { AnalyticsRepository } from './analytics';
import { ApplicationsRepository } from './applications';
import { BillingRepository } from './billing';
import { EndedSessionsRepository } from './ended-sessions';
import { MembersRepository } from './members';
import { OrdersRepository } from './orders';
import { PlansRepository } from './plans';
import { RateLimitsRepository } from './rate-limits';
import { RemoteReleasesRepository } from './remote-releases';
import { SettingsRepository } from './settings';
import { StaffClaimsRepository } from './staff-claims';
import { StationSlugsRepository } from './station-slugs';
import { SupportRequestsRepository } from './support-requests';
import { UsageRepository } from './usage';
import { UsersRepository } from './users';
import { UserTasksRepository } from './user-tasks';

/** Every repository, built over one database. */
export interface Repositories {
  users: UsersRepository;
  endedSessions: EndedSessionsRepository;
  settings: SettingsRepository;
  plans: PlansRepository;
  activities: ActivitiesRepository;
  applications: ApplicationsRepository;
  stationSlugs: StationSlugsRepository;
  members: MembersRepository;
  billing: BillingRepository;
  orders: OrdersRepository;
  analytics: AnalyticsRepository;
  usage: UsageRepository;
  staffClaims: StaffClaimsRepository;
  userTasks: UserTasksRepository;
  supportRequests: SupportRequestsRepository;
  rateLimits: RateLimitsRepository;
  remoteReleases: RemoteReleasesRepository;
}

/** Builds the repositories over an open database. */
export function createRepositories(handle: DatabaseHandle): Repositories {
  return {
    users: new UsersRepository(handle.db),
    endedSessions: new EndedSessionsRepository(handle.db),
    settings: new SettingsRepository(handle.db, handle.dialect),
    plans: new PlansRepository(handle.db),
    activities: new ActivitiesRepository(handle.db),
    applications: new ApplicationsRepository(handle.db),
    stationSlugs: new StationSlugsRepository(handle.db, handle.dialect),
    members: new MembersRepository(handle.db),
    billing: new BillingRepository(handle.db, handle.dialect),
    orders: new OrdersRepository(handle.db, handle.dialect),
    analytics: new AnalyticsRepository(handle.db),
    usage: new UsageRepository(handle.db, handle.dialect),
    staffClaims: new StaffClaimsRepository(handle.db),
    userTasks: new UserTasksRepository(handle.db),
    supportRequests: new SupportRequestsRepository(handle.db, handle.dialect),
    rateLimits: new RateLimitsRepository(handle.db),
    remoteReleases: new RemoteReleasesRepository(handle.db, handle.dialect),
  };
}

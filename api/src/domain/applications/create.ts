import type { ApplicationRow } from '../../db/types';
import type { Repositories } from '../../repositories';
import { UniqueViolationError } from '../../repositories/applications';
import { StoreHttpError } from '../../services/store-client';
import type { StoreUrl } from '../../services/store-url';
import type { StoreAccess } from '../store-access';
import { applicationFeed } from './feed';

/** Why an application was not created or changed: the routes answer each with a 409. */
export type ApplicationConflict =
  /** The user already has an application for that site. */
  | 'site'
  /** Parallel creations of one name all wanted the same slug. */
  | 'slugBusy'
  /** The URL of an authorized application stays. */
  | 'urlLocked'
  /** The URL changed while keys were checked against the old one. */
  | 'urlChanged';

/** A refused creation or move, with the text the dashboard shows. */
export class ApplicationConflictError extends Error {
  override readonly name = 'ApplicationConflictError';
  constructor(
    readonly conflict: ApplicationConflict,
    message: string,
  ) {
    super(message);
  }
}

/** The conflict of a second application for the site at `homeUrl`. */
export const duplicateSite = (homeUrl: string) =>
  new ApplicationConflictError('site', `You already have an application for ${homeUrl}`);

/**
 * Creates an application of `userId` for the site `url` (one per user and site), with a
 * globally unique slug made from `name` and an applicationAdded feed entry. Throws
 * {@link ApplicationConflictError}.
 */
export async function createApplication(
  repos: Repositories,
  userId: string,
  name: string,
  url: StoreUrl,
): Promise<ApplicationRow> {
  if (await repos.applications.findBySite(userId, url.key)) throw duplicateSite(url.href);
  try {
    return await repos.applications.create(
      { userId, name, homeUrl: url.href, homeUrlKey: url.key },
      applicationFeed.added,
    );
  } catch (error) {
    if (error instanceof UniqueViolationError && error.rule === 'site') {
      throw duplicateSite(url.href);
    }
    if (error instanceof UniqueViolationError && error.rule === 'slug') {
      throw new ApplicationConflictError(
        'slugBusy',
        `Too many applications named ${name} are being created at once; please try again`,
      );
    }
    throw error;
  }
}

/** The site at a URL is not a WooCommerce store (or did not answer), and the caller insisted. */
export class SiteCheckError extends Error {
  override readonly name = 'SiteCheckError';
}

/** Options of {@link findOrCreateApplication}. */
export interface FindOrCreateOptions {
  /** Refuse a site that is not a WooCommerce store, or that does not answer. */
  forceValidation: boolean;
  /** Longest name: a long site title is cut. */
  nameMaxLength: number;
}

/**
 * The user's application for the site `url`, created when missing and named after the site's
 * title (else its host). Throws {@link SiteCheckError} when `forceValidation` is set and the
 * site is no store or cannot be reached.
 */
export async function findOrCreateApplication(
  repos: Repositories,
  access: Pick<StoreAccess, 'store'>,
  userId: string,
  url: StoreUrl,
  options: FindOrCreateOptions,
): Promise<ApplicationRow> {
  const found = await repos.applications.findBySite(userId, url.key);
  if (found) return found;
  let siteName = '';
  try {
    const site = await access.store.siteInfo(url.href);
    if (options.forceValidation && !site.namespaces.includes('wc/v3')) {
      throw new SiteCheckError(`The site at ${url.href} is not a WooCommerce store`);
    }
    siteName = site.name.trim();
  } catch (error) {
    if (error instanceof SiteCheckError) throw error;
    if (options.forceValidation) {
      // A site that answered without a WordPress index is there, but not a store.
      throw new SiteCheckError(
        error instanceof StoreHttpError
          ? `The site at ${url.href} is not a WooCommerce store`
          : `The site at ${url.href} could not be reached`,
      );
    }
  }
  const name = Array.from(siteName || url.host)
    .slice(0, options.nameMaxLength)
    .join('')
    .trim();
  try {
    return await createApplication(repos, userId, name || url.host, url);
  } catch (error) {
    // The same site created by a parallel request: answer with that one.
    const existing = await repos.applications.findBySite(userId, url.key);
    if (!existing) throw error;
    return existing;
  }
}

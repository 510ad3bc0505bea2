import { httpUrlOrNull, type Access, type StripeConfig } from '@pos/shared/lean';
import { runtimeFiles } from '../urls';
import { parseRemoteSlots, type RemoteSlots } from './remoteSlots';

const ACCESS_VALUES: readonly Access[] = ['all', 'manager', 'admin'];

/** Help and legal links of /config.json. */
export interface ConfigLinks {
  quickStart: string;
  support: string;
  documentation: string;
  paymentGuide: string;
  integrations: string;
  hardware: string;
  privacy: string;
  terms: string;
  learnMore: string;
}

/** /config.json: what changes between deployments without a rebuild. */
export interface ShellConfig {
  loginProviderUrl: string;
  /**
   * Origin of the cloud POS addresses `/{appSlug}/{stationSlug}` (spec 7). A POS sign-in comes
   * back there; defaults to the dashboard's own origin when absent.
   */
  cloudPosUrl: string;
  /**
   * Stripe.js's location and publishable key, passed to every parcel (mf-billing's card forms).
   * Without one, Stripe's own https://js.stripe.com/v3 and no key (card entry unavailable).
   */
  stripe: StripeConfig;
  supportEmail: string;
  /** Where the enterprise card's 'Contact Sales' writes (spec 2.7); the support address if absent. */
  salesEmail: string;
  accountSettingsUrl: string;
  appsDashboardUrl: string;
  links: ConfigLinks;
}

/** One remote of /remotes.json. */
export interface RemoteEntry {
  /** Module Federation name, e.g. "mf_admin". */
  name: string;
  /** URL of the remote's mf-manifest.json. */
  entry: string;
  /** Path prefixes the remote serves, known even when the remote cannot be loaded. */
  routes: string[];
  /** Name shown when the remote is unavailable; derived from its first route when absent. */
  title?: string;
  /**
   * The least privileged viewer who sees anything of this remote ('all' when absent): while the
   * remote cannot be loaded, only such viewers are shown its slot instead of being sent home.
   */
  access: Access;
  /**
   * Its navigation items, tiles and widgets, declared so that they have their place and size
   * from the first paint on (remoteSlots.ts); absent: they appear as the contract loads.
   */
  slots?: RemoteSlots;
  /** The release of the release registry this entry is (issue 31); absent: no release. */
  release?: string;
  /** A canary beside the live release, for `share` per cent of signed-in users. */
  canary?: RemoteCanary;
  /** Set once chosen for the user: this entry is the remote's canary. */
  isCanary?: boolean;
}

/** A remote's canary release in /remotes.json. */
export interface RemoteCanary {
  release: string;
  /** URL of the canary's mf-manifest.json. */
  entry: string;
  /** Per cent of signed-in users who load it, 1–99. */
  share: number;
  /** The canary's own slots (its contract's), which its users get instead of the entry's. */
  slots?: RemoteSlots;
}

/** What the shell reads at start. */
export interface RuntimeFiles {
  config: ShellConfig;
  remotes: RemoteEntry[];
}

const LINK_KEYS: readonly (keyof ConfigLinks)[] = [
  'quickStart',
  'support',
  'documentation',
  'paymentGuide',
  'integrations',
  'hardware',
  'privacy',
  'terms',
  'learnMore',
];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The bare http(s) origin of `value`, or '' when it is not one. */
function originOrEmpty(value: unknown): string {
  const href = httpUrlOrNull(value);
  return href === null ? '' : new URL(href).origin;
}

/** Stripe's own Stripe.js, used when /config.json names none. */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3';

/** A publishable key is Stripe's pk_test_… or pk_live_…; a secret key must never reach a browser. */
const PUBLISHABLE_KEY = /^pk_(test|live)_[A-Za-z0-9]+$/;

/** Hosts a plain http: Stripe.js may come from: the local payments sandbox, never the network. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The Stripe.js URL `value` names, or null: https:, or http: on a loopback host only (a script
 * fetched over plain http from anywhere else could be swapped on the way and read card numbers).
 */
function stripeJsUrlOrNull(value: string): string | null {
  const href = httpUrlOrNull(value);
  if (href === null) return null;
  const url = new URL(href);
  return url.protocol === 'https:' || LOOPBACK_HOSTS.has(url.hostname) ? href : null;
}

/**
 * The `stripe` entry of /config.json. A misconfigured entry costs card entry only (no key, so
 * mf-billing says cards are unavailable), never the whole dashboard.
 */
function parseStripe(raw: unknown): StripeConfig {
  const value = isRecord(raw) ? raw : {};
  const key = typeof value.publishableKey === 'string' ? value.publishableKey.trim() : '';
  const named = typeof value.jsUrl === 'string' && value.jsUrl ? value.jsUrl : null;
  const jsUrl = named === null ? STRIPE_JS_URL : stripeJsUrlOrNull(named);
  if (jsUrl === null || (key && !PUBLISHABLE_KEY.test(key))) {
    console.warn(
      'config.json stripe is unusable (an https jsUrl, http only on loopback, and a pk_ key); no card entry',
    );
    return { publishableKey: '', jsUrl: jsUrl ?? STRIPE_JS_URL };
  }
  return { publishableKey: key, jsUrl };
}

/** Reads /config.json's body; throws when the login provider is missing (nothing works without it). */
export function parseConfig(raw: unknown): ShellConfig {
  if (!isRecord(raw) || typeof raw.loginProviderUrl !== 'string' || !raw.loginProviderUrl) {
    throw new Error('config.json has no loginProviderUrl');
  }
  new URL(raw.loginProviderUrl);
  const cloudPosUrl = originOrEmpty(raw.cloudPosUrl);
  const links = isRecord(raw.links) ? raw.links : {};
  return {
    loginProviderUrl: raw.loginProviderUrl,
    cloudPosUrl,
    stripe: parseStripe(raw.stripe),
    supportEmail: text(raw.supportEmail),
    salesEmail: text(raw.salesEmail) || text(raw.supportEmail),
    accountSettingsUrl: text(raw.accountSettingsUrl),
    appsDashboardUrl: text(raw.appsDashboardUrl),
    links: Object.fromEntries(
      LINK_KEYS.map((key) => [key, text(links[key])]),
    ) as unknown as ConfigLinks,
  };
}

/** Reads /remotes.json's body, dropping entries without a name or an entry URL. */
export function parseRemotes(raw: unknown): RemoteEntry[] {
  const list = isRecord(raw) && Array.isArray(raw.remotes) ? raw.remotes : [];
  return list.flatMap((item: unknown): RemoteEntry[] => {
    if (!isRecord(item) || typeof item.name !== 'string' || typeof item.entry !== 'string') {
      return [];
    }
    if (!item.name || !item.entry) return [];
    const routes = Array.isArray(item.routes)
      ? item.routes.filter(
          (route): route is string => typeof route === 'string' && route.startsWith('/'),
        )
      : [];
    const title = typeof item.title === 'string' && item.title ? item.title : undefined;
    const access: Access = ACCESS_VALUES.includes(item.access as Access)
      ? (item.access as Access)
      : 'all';
    const release = typeof item.release === 'string' && item.release ? item.release : undefined;
    const canary = parseCanary(item.canary);
    const slots = parseRemoteSlots(item.slots);
    return [
      {
        name: item.name,
        entry: item.entry,
        routes,
        access,
        ...(title ? { title } : {}),
        ...(slots ? { slots } : {}),
        ...(release ? { release } : {}),
        ...(release && canary ? { canary } : {}),
      },
    ];
  });
}

/** A remote's `canary` of /remotes.json, or undefined when there is none or it is malformed. */
function parseCanary(raw: unknown): RemoteCanary | undefined {
  if (!isRecord(raw)) return undefined;
  const { release, entry, share } = raw;
  if (typeof release !== 'string' || !release || typeof entry !== 'string' || !entry) {
    return undefined;
  }
  if (typeof share !== 'number' || !Number.isInteger(share) || share < 1 || share > 99) {
    return undefined;
  }
  const slots = parseRemoteSlots(raw.slots);
  return { release, entry, share, ...(slots ? { slots } : {}) };
}

async function fetchJson(fetcher: typeof fetch, url: string): Promise<unknown> {
  const response = await fetcher(url, {
    cache: 'no-store',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/**
 * Fetches /config.json and /remotes.json in parallel. A missing remotes file means no remotes
 * (the shell still works); a missing config is fatal.
 */
export async function loadRuntimeFiles(fetcher: typeof fetch = fetch): Promise<RuntimeFiles> {
  const [config, remotes] = await Promise.all([
    fetchJson(fetcher, runtimeFiles.config).then(parseConfig),
    fetchJson(fetcher, runtimeFiles.remotes).then(parseRemotes, (error: unknown) => {
      console.warn('remotes.json could not be read; no remotes will load', error);
      return [];
    }),
  ]);
  return { config, remotes };
}

/**
 * The rate limits of the guessable secrets and of the calls that mint tokens (issue 25). Each
 * limit counts per key (an account, a client address, an address and application) in fixed
 * windows: `points` attempts per `seconds`. The per-account limits stop guessing; the
 * per-address ones are high enough for many people behind one address (an office, the e2e
 * stack on 127.0.0.1) and stop one address from guessing across accounts.
 */
export const RATE_LIMIT_DEFAULTS = {
  /** POST /promotion-code: codes tried by one account. */
  promoCodeAccount: { points: 10, seconds: 600 },
  /** POST /promotion-code: codes tried from one address. */
  promoCodeAddress: { points: 60, seconds: 600 },
  /** PUT /applications/:id with keys: REST keys checked against a store by one account. */
  storeKeysAccount: { points: 20, seconds: 600 },
  /** The same from one address. */
  storeKeysAddress: { points: 100, seconds: 600 },
  /** POST /applications and /applications/find-or-create by one account. */
  applicationCreateAccount: { points: 30, seconds: 600 },
  /** The same from one address. */
  applicationCreateAddress: { points: 300, seconds: 600 },
  /** POST /live/ticket by one account (one per stream (re)connect). */
  liveTicketAccount: { points: 60, seconds: 60 },
  /** The same from one address. */
  liveTicketAddress: { points: 600, seconds: 60 },
  /** WooCommerce deliveries refused for their signature, per address and application. */
  wcWebhookFailures: { points: 20, seconds: 600 },
  /** WooCommerce deliveries refused for their signature, per address (any application). */
  wcWebhookFailuresAddress: { points: 200, seconds: 600 },
  /** Stripe events refused for their signature, per address. */
  stripeWebhookFailures: { points: 20, seconds: 600 },
  /**
   * The shell's load reports (POST /releases/reports) of one release by one account: a page
   * start sends one or two, so one person cannot outvote the others in a canary's failure rate.
   */
  releaseReportAccount: { points: 2, seconds: 600 },
  /** The same reports from one address, any account and release. */
  releaseReportAddress: { points: 60, seconds: 600 },
} as const satisfies Record<string, RateLimitRule>;

/** One limit: at most `points` per fixed window of `seconds`. */
export interface RateLimitRule {
  points: number;
  seconds: number;
}

/** The name of a limit of {@link RATE_LIMIT_DEFAULTS}. */
export type RateLimitName = keyof typeof RATE_LIMIT_DEFAULTS;

/** Every limit's rule: the defaults with the configuration's overrides (RATE_LIMITS). */
export type RateLimitSettings = Record<RateLimitName, RateLimitRule>;

/** The names of the limits, in catalogue order. */
export const RATE_LIMIT_NAMES = Object.keys(RATE_LIMIT_DEFAULTS) as RateLimitName[];

/**
 * The settings from a `RATE_LIMITS` value: comma-separated `name=points/seconds` overrides of
 * the defaults, e.g. `promoCodeAccount=3/60,liveTicketAddress=1000/60`; throws on an unknown
 * name or a malformed rule.
 */
export function rateLimitSettingsOf(value: string | undefined): RateLimitSettings {
  const settings = { ...RATE_LIMIT_DEFAULTS } as RateLimitSettings;
  for (const part of (value ?? '').split(',')) {
    const entry = part.trim();
    if (!entry) continue;
    const match = /^([A-Za-z]+)=(\d+)\/(\d+)$/.exec(entry);
    const name = match?.[1] as RateLimitName | undefined;
    if (!match || !name || !RATE_LIMIT_NAMES.includes(name)) {
      throw new Error(
        `RATE_LIMITS must be name=points/seconds pairs of ${RATE_LIMIT_NAMES.join(', ')}; got ${entry}`,
      );
    }
    const points = Number(match[2]);
    const seconds = Number(match[3]);
    if (points < 1 || seconds < 1) {
      throw new Error(`RATE_LIMITS: ${name} needs at least 1 point and 1 second, got ${entry}`);
    }
    settings[name] = { points, seconds };
  }
  return settings;
}

/** "5 minutes", "1 minute", "30 seconds": the wait a refusal tells. */
export function waitText(retryAfterSeconds: number): string {
  if (retryAfterSeconds < 60) {
    const seconds = Math.max(1, retryAfterSeconds);
    return `${seconds} second${seconds === 1 ? '' : 's'}`;
  }
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** What was tried too often, as a refusal names it. */
export const RATE_LIMITED_TEXTS = {
  promoCode: 'Too many promo code attempts.',
  storeKeys: 'Too many key checks.',
  applicationCreate: 'Too many applications created.',
  liveTicket: 'Too many live update connections.',
  wcWebhook: 'Too many webhook deliveries with an invalid signature.',
  stripeWebhook: 'Too many webhook events with an invalid signature.',
  releaseReport: 'Too many release reports.',
} as const;

/** An action limited per account and per address, named as in {@link RATE_LIMITED_TEXTS}. */
export type LimitedAction = keyof typeof RATE_LIMITED_TEXTS;

/** The refusal's text: what was tried too often and how long to wait. */
export function rateLimitedMessage(action: LimitedAction, retryAfterSeconds: number): string {
  return `${RATE_LIMITED_TEXTS[action]} Please try again in ${waitText(retryAfterSeconds)}.`;
}

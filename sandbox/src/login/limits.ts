import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/** One limit: at most `points` per fixed window of `seconds`. */
export interface LoginLimitRule {
  points: number;
  seconds: number;
}

/**
 * The provider's limits (issue 25), like a real identity provider's: wrong passwords per
 * account (what stops guessing one account's password) and per client address (what stops one
 * address guessing across accounts), and registration attempts per email and per address.
 * Only failed sign-ins count, so the many good sign-ins of the e2e journeys from 127.0.0.1 never
 * do; their registrations stay far below the address limit.
 */
export const LOGIN_LIMIT_DEFAULTS = {
  signInFailuresAccount: { points: 10, seconds: 900 },
  signInFailuresAddress: { points: 100, seconds: 900 },
  registerAccount: { points: 5, seconds: 600 },
  registerAddress: { points: 100, seconds: 600 },
} as const satisfies Record<string, LoginLimitRule>;

/** The name of a limit of {@link LOGIN_LIMIT_DEFAULTS}. */
export type LoginLimitName = keyof typeof LOGIN_LIMIT_DEFAULTS;

/** Every limit's rule. */
export type LoginLimitSettings = Record<LoginLimitName, LoginLimitRule>;

const NAMES = Object.keys(LOGIN_LIMIT_DEFAULTS) as LoginLimitName[];

/**
 * The settings from a `LOGIN_RATE_LIMITS` value: comma-separated `name=points/seconds`
 * overrides, e.g. `signInFailuresAccount=3/60`; throws on an unknown name or a bad rule.
 */
export function loginLimitSettingsOf(value: string | undefined): LoginLimitSettings {
  const settings: LoginLimitSettings = { ...LOGIN_LIMIT_DEFAULTS };
  for (const part of (value ?? '').split(',')) {
    const entry = part.trim();
    if (!entry) continue;
    const match = /^([A-Za-z]+)=(\d+)\/(\d+)$/.exec(entry);
    const name = match?.[1] as LoginLimitName | undefined;
    if (!match || !name || !NAMES.includes(name) || Number(match[2]) < 1 || Number(match[3]) < 1) {
      throw new Error(
        `LOGIN_RATE_LIMITS must be name=points/seconds pairs (at least 1/1) of ${NAMES.join(', ')}; got ${entry}`,
      );
    }
    settings[name] = { points: Number(match[2]), seconds: Number(match[3]) };
  }
  return settings;
}

/** "14 minutes", "1 minute", "30 seconds". */
function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** A refusal for a limit: the page's text and the Retry-After seconds. */
export interface LoginLimitRefusal {
  message: string;
  retryAfterSeconds: number;
}

export const TOO_MANY_SIGN_INS = 'Too many failed sign-in attempts.';
export const TOO_MANY_REGISTRATIONS = 'Too many attempts to create an account.';

const refusalOf = (text: string, ms: number): LoginLimitRefusal => {
  const retryAfterSeconds = Math.max(1, Math.ceil(ms / 1000));
  return {
    message: `${text} Please try again in ${waitText(retryAfterSeconds)}.`,
    retryAfterSeconds,
  };
};

/**
 * The sign-in and registration limits, in this process's memory (rate-limiter-flexible's
 * memory store): the sandbox provider is one process.
 */
export class LoginLimits {
  private readonly limiters: Record<LoginLimitName, RateLimiterMemory>;

  constructor(settings: LoginLimitSettings = LOGIN_LIMIT_DEFAULTS) {
    this.limiters = Object.fromEntries(
      NAMES.map((name) => [
        name,
        new RateLimiterMemory({
          keyPrefix: name,
          points: settings[name].points,
          duration: settings[name].seconds,
        }),
      ]),
    ) as Record<LoginLimitName, RateLimiterMemory>;
  }

  /**
   * Whether a sign-in as `email` from `address` is refused before its password is looked at:
   * the account or the address used up its wrong passwords of the window.
   */
  async signInRefusal(email: string, address: string): Promise<LoginLimitRefusal | null> {
    const waits = await Promise.all([
      this.spent('signInFailuresAccount', email.toLowerCase()),
      this.spent('signInFailuresAddress', address),
    ]);
    const longest = Math.max(...waits);
    return longest > 0 ? refusalOf(TOO_MANY_SIGN_INS, longest) : null;
  }

  /** Counts a wrong password for the account and the address. */
  async signInFailed(email: string, address: string): Promise<void> {
    await Promise.all([
      this.limiters.signInFailuresAccount.penalty(email.toLowerCase()),
      this.limiters.signInFailuresAddress.penalty(address),
    ]);
  }

  /** A right password clears the account's wrong ones (not the address's). */
  async signedIn(email: string): Promise<void> {
    await this.limiters.signInFailuresAccount.delete(email.toLowerCase());
  }

  /**
   * Counts a registration attempt for the email (when one was typed) and the address, or
   * refuses it once either is over its limit.
   */
  async registerRefusal(email: string, address: string): Promise<LoginLimitRefusal | null> {
    const waits = await Promise.all([
      email ? this.consume('registerAccount', email.toLowerCase()) : 0,
      this.consume('registerAddress', address),
    ]);
    const longest = Math.max(...waits);
    return longest > 0 ? refusalOf(TOO_MANY_REGISTRATIONS, longest) : null;
  }

  /** ms until the key's window ends when its points are used up, else 0. */
  private async spent(name: LoginLimitName, key: string): Promise<number> {
    const limiter = this.limiters[name];
    const res = await limiter.get(key);
    return res && res.consumedPoints >= limiter.points ? Math.max(1, res.msBeforeNext) : 0;
  }

  private async consume(name: LoginLimitName, key: string): Promise<number> {
    try {
      await this.limiters[name].consume(key);
      return 0;
    } catch (refused) {
      if (refused instanceof RateLimiterRes) return Math.max(1, refused.msBeforeNext);
      throw refused;
    }
  }
}

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimitSettings } from '../domain/limits';
import { RateLimits } from '../domain/limits';

declare module 'fastify' {
  interface FastifyInstance {
    /** The rate limits of issue 25, counted in the database (shared by every instance). */
    rateLimits: RateLimits;
  }
}

/** Options of the rate-limits plugin. */
export interface RateLimitsPluginOptions {
  settings: RateLimitSettings;
  /** The limits' clock (ms since the epoch); tests move it through the windows. */
  now?: () => number;
}

async function rateLimits(app: FastifyInstance, options: RateLimitsPluginOptions): Promise<void> {
  app.decorate('rateLimits', new RateLimits(app.repos.rateLimits, options.settings, options.now));
}

/** The rate limits over the app's repositories. */
export default fp(rateLimits, {
  name: 'rate-limits',
  dependencies: ['repositories'],
  fastify: '5.x',
});

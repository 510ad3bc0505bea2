import type { FastifyInstance } from 'fastify';
import { decideOpening, isOpening, openStation } from '../domain/stations/access';
import type { StoreAccess } from '../domain/store-access';
import { userOfToken } from '../plugins/auth';
import type { Repositories } from '../repositories';
import type { ProviderTokenVerifier } from '../services/provider-tokens';
import type { SigningKeys } from '../services/signing-key';
import type { AccessErrorCookieOptions } from './cookies';
import { setAccessErrorCookie, tokenCookieOf } from './cookies';
import { handOffPage, messagePage } from './pages';

/** Both parts of a cloud POS address. */
const ADDRESS_PART = /^[a-z0-9-]{1,64}$/;

/** What the cloud POS route needs. */
export interface CloudPosOptions {
  repos: Repositories;
  access: StoreAccess;
  verifier: ProviderTokenVerifier;
  signingKeys: SigningKeys;
  /** How the access-error cookie is scoped. */
  cookie: AccessErrorCookieOptions;
}

/**
 * `GET /{appSlug}/{stationSlug}`: the cloud POS address of a station. The dashboard's token
 * cookie is verified like a bearer token; the access decision is the domain's (see
 * decideOpening). A refusal sets the access-error cookie and sends the browser to the
 * dashboard's access-denied page; otherwise the hand-off page takes it to the station. Needs
 * @fastify/cookie on `app`. Requests are never logged with their cookies.
 */
export function registerCloudPos(app: FastifyInstance, options: CloudPosOptions): void {
  const { repos, access, verifier, signingKeys } = options;
  app.get<{ Params: { appSlug: string; stationSlug: string } }>(
    '/:appSlug/:stationSlug',
    { exposeHeadRoute: false },
    async (request, reply) => {
      const { appSlug, stationSlug } = request.params;
      if (!ADDRESS_PART.test(appSlug) || !ADDRESS_PART.test(stationSlug)) {
        return messagePage(reply, 404, 'Not found', 'There is no station at this address.');
      }
      const token = tokenCookieOf(request);
      // A signed-out session's cookie, kept by the browser or copied, opens nothing.
      const signedIn = token ? await userOfToken(verifier, repos, token) : null;
      if (!signedIn) {
        const redirectPath = encodeURIComponent(`/${appSlug}/${stationSlug}`);
        return reply
          .header('cache-control', 'no-store')
          .redirect(`${access.dashboardOrigin}/pos-unauthorized?redirectPath=${redirectPath}`, 302);
      }
      const { user } = signedIn;
      const decision = await decideOpening(
        repos,
        access,
        user,
        { appSlug, stationSlug },
        request.log,
      );
      if (!isOpening(decision)) {
        return setAccessErrorCookie(reply, decision, options.cookie)
          .header('cache-control', 'no-store')
          .redirect(`${access.dashboardOrigin}/access-denied`, 302);
      }
      const handOff = await openStation(repos, signingKeys, user, decision);
      return handOffPage(reply, decision.station, handOff);
    },
  );
}

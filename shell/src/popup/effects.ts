// Carries out the state machine's effects against the browser and the api.
import { checkSite, checkSubscription, defaultStationUrl, detailsOf, findOrCreate } from './api';
import type { PopupEffect, PopupEvent } from './machine';

/** What the effects touch. */
export interface PopupServices {
  fetch: typeof fetch;
  token: string | null;
  cloudPosUrl: string;
  sessionStorage: Storage;
  /** The shell's sessionStorage key of the path to follow after sign-in. */
  redirectKey: string;
  assign: (url: string) => void;
  /**
   * Settles once the store has been heard (and told content-loaded), or after a bounded wait
   * when it never speaks (a foreign opener, no opener, an old plugin).
   */
  storeHeard: () => Promise<void>;
  /** Tells the store its station's address (once its origin is known). */
  setupComplete: (stationURL: string, applicationHomeUrl: string) => void;
}

/** Runs one effect; what a call answers comes back through `dispatch`. */
export async function runEffect(
  effect: PopupEffect,
  services: PopupServices,
  dispatch: (event: PopupEvent) => void,
): Promise<void> {
  const api = { fetch: services.fetch, token: services.token };
  switch (effect.type) {
    case 'remember-return':
      services.sessionStorage.setItem(services.redirectKey, effect.path);
      return;
    case 'assign':
      services.assign(effect.url);
      return;
    case 'await-store':
      await services.storeHeard();
      dispatch({ type: 'store-waited' });
      return;
    case 'site':
      try {
        dispatch({ type: 'site-done', ...(await checkSite(api, effect.homeUrl)) });
      } catch (error) {
        dispatch({ type: 'site-failed', details: detailsOf(error) });
      }
      return;
    case 'post-setup-complete':
      services.setupComplete(effect.stationURL, effect.applicationHomeUrl);
      return;
    case 'subscription':
      try {
        await checkSubscription(api);
        dispatch({ type: 'subscription-done' });
      } catch (error) {
        dispatch({ type: 'subscription-failed', details: detailsOf(error) });
      }
      return;
    case 'find-or-create':
      try {
        const found = await findOrCreate(
          api,
          effect.homeUrl,
          effect.returnPath,
          effect.storeOrigin,
        );
        dispatch({ type: 'find-or-create-done', ...found });
      } catch (error) {
        dispatch({ type: 'find-or-create-failed', details: detailsOf(error) });
      }
      return;
    case 'station':
      try {
        const { stationURL, applicationHomeUrl } = await defaultStationUrl(
          api,
          services.cloudPosUrl || window.location.origin,
          effect.applicationId,
        );
        dispatch({ type: 'station-done', stationURL, applicationHomeUrl });
      } catch (error) {
        dispatch({ type: 'station-failed', details: detailsOf(error) });
      }
      return;
  }
}

import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import { useEffect, useState } from 'react';
import { useNavigate } from '@pos/shared/router';
import { apiErrorMessage, useParcel, useMounted } from '@pos/shared';
import { deleteApplication, setAuthInProgress, updateApplication } from '../api';
import { browser } from '../browser';
import type { ApplicationDetailsChange } from '../components/ApplicationForm';
import type { AuthorizationBusy, ConsumerKeys } from '../components/AuthorizationPanel';
import {
  KEYS_FAIL_FALLBACK,
  applicationErrorMessage,
  deletedBubbles,
  disconnectedMessage,
} from '../texts';
import { isConnected, type Application, type ApplicationAuthType } from '../types';
import { APPLICATIONS_PATH, isStoreAuthorizeUrl, storeHost } from '../urls';

/**
 * What the detail page does to an application: save Name and URL, switch the auth type,
 * authorize on the store, connect with keys, disconnect and delete. Each outcome is told with a
 * bubble (spec 8); `apply` puts the application the server answered on screen, `refresh` loads it
 * again with what only the live detail call knows (the station count). Saving the details and
 * connecting are the submits of their forms: react-final-form keeps what was typed, whether it is
 * submitting, and the error they resolve with (FORM_ERROR).
 */
export function useApplicationActions(
  application: Application | null,
  apply: (application: Application) => void,
  refresh: () => void,
) {
  const { api, bus } = useParcel();
  const navigate = useNavigate();
  // Bubbles still tell how an action ended after the page was left; the page's state does not
  // change any more and the browser is not sent anywhere.
  const isMounted = useMounted();
  const [busy, setBusy] = useState<AuthorizationBusy>(null);
  const [deleting, setDeleting] = useState(false);
  // After a Disconnect: whether the store's key was revoked (null before, or when not told).
  const [keyRevoked, setKeyRevoked] = useState<boolean | null>(null);

  // Back from the store's page, the browser may restore this page as it was left: with the
  // Authorize button still spinning. It is usable again, and the application is loaded afresh.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setBusy(null);
      refresh();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [refresh]);

  const danger = (message: string) => bus.emit('notify', { message, status: 'danger' });

  const saveDetails = async (
    change: ApplicationDetailsChange,
  ): Promise<SubmissionErrors | undefined> => {
    if (!application) return undefined;
    // The api takes one change per PUT. The URL goes first: it is the one the server may refuse
    // (format, the same site twice), and the form keeps what was typed until nothing was saved.
    let saved: Application | null = null;
    try {
      if (change.homeUrl !== undefined) {
        saved = (await updateApplication(api, application.id, { homeUrl: change.homeUrl }))
          .application;
      }
      if (change.name !== undefined) {
        saved = (await updateApplication(api, application.id, { name: change.name })).application;
      }
      if (saved) {
        bus.emit('notify', {
          message: `Application ${saved.name} was updated.`,
          status: 'success',
        });
      }
      return undefined;
    } catch (error) {
      const message = apiErrorMessage(error);
      danger(message);
      return { [FORM_ERROR]: message };
    } finally {
      if (saved && isMounted()) apply(saved);
    }
  };

  const changeAuthType = async (authType: ApplicationAuthType) => {
    if (!application || application.authType === authType) return;
    setBusy('authType');
    apply({ ...application, authType });
    try {
      const { application: answered } = await updateApplication(api, application.id, { authType });
      if (isMounted()) apply(answered);
    } catch (error) {
      danger(apiErrorMessage(error));
      if (isMounted()) apply(application);
    } finally {
      if (isMounted()) setBusy(null);
    }
  };

  const authorize = async () => {
    if (!application) return;
    setBusy('authorize');
    try {
      const { authorizeUrl } = await setAuthInProgress(api, application.id, true);
      if (!authorizeUrl || !isStoreAuthorizeUrl(authorizeUrl, application.homeUrl)) {
        danger(`The authorization page is not on ${application.homeUrl}.`);
        if (isMounted()) setBusy(null);
        return;
      }
      // Someone who left the page meanwhile is not sent to the store. Otherwise the button keeps
      // spinning while the browser leaves.
      if (isMounted()) browser.assign(authorizeUrl);
    } catch (error) {
      danger(apiErrorMessage(error));
      if (isMounted()) setBusy(null);
    }
  };

  const connect = async (keys: ConsumerKeys): Promise<SubmissionErrors | undefined> => {
    if (!application) return undefined;
    try {
      const { application: answered } = await updateApplication(api, application.id, keys);
      const { status, keysFail, lastAuthFailure } = answered;
      if (isConnected(status)) {
        // The keys were accepted and stored. An unverified status is the store's later live
        // check failing, told with its reason: the keys themselves were not refused.
        if (status.code === 'authorized') {
          bus.emit('notify', { message: `${answered.name} was authorized.`, status: 'success' });
        } else {
          danger(applicationErrorMessage(answered.name, status.reason ?? status.label));
        }
        if (isMounted()) {
          apply(answered);
          refresh();
        }
        return undefined;
      }
      // Refused: each reason has the api's own text, and the recorded failure what to do next.
      const message =
        keysFail.displayError || lastAuthFailure?.message || status.reason || KEYS_FAIL_FALLBACK;
      danger(message);
      if (isMounted()) apply(answered);
      return {
        [FORM_ERROR]: lastAuthFailure ? `${message} ${lastAuthFailure.nextStep}` : message,
      };
    } catch (error) {
      const message = apiErrorMessage(error, KEYS_FAIL_FALLBACK);
      danger(message);
      return { [FORM_ERROR]: message };
    }
  };

  const disconnect = async () => {
    if (!application) return;
    setBusy('disconnect');
    setKeyRevoked(null);
    try {
      const answer = await updateApplication(api, application.id, { deauth: true });
      bus.emit('notify', {
        message: answer.message ?? disconnectedMessage(application.name),
        status: 'info',
      });
      if (isMounted()) {
        apply(answer.application);
        setKeyRevoked(answer.keyRevoked);
      }
    } catch (error) {
      danger(apiErrorMessage(error));
    } finally {
      if (isMounted()) setBusy(null);
    }
  };

  const remove = async () => {
    if (!application) return;
    setDeleting(true);
    try {
      const { keyRevoked } = await deleteApplication(api, application.id);
      for (const bubble of deletedBubbles(
        application.name,
        storeHost(application.homeUrl),
        keyRevoked,
      )) {
        bus.emit('notify', bubble);
      }
      if (isMounted()) navigate(APPLICATIONS_PATH);
    } catch (error) {
      danger(apiErrorMessage(error));
      if (isMounted()) setDeleting(false);
    }
  };

  return {
    busy,
    deleting,
    keyRevoked,
    saveDetails,
    changeAuthType,
    authorize,
    connect,
    disconnect,
    remove,
  };
}

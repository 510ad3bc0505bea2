import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { apiErrorMessage, useParcel } from '@pos/shared';
import { deleteApplication, setAuthInProgress, updateApplication } from '../api';
import { browser } from '../browser';
import type { ApplicationDetailsChange } from '../components/ApplicationForm';
import type { AuthorizationBusy, ConsumerKeys } from '../components/AuthorizationPanel';
import { KEYS_FAIL_FALLBACK, disconnectedMessage } from '../texts';
import type { Application, ApplicationAuthType } from '../types';
import { APPLICATIONS_PATH } from '../urls';

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Whether `authorizeUrl` is a page of the application's own site. The browser is only ever sent
 * to the store the manager entered, whatever the server answered.
 */
export function isStoreAuthorizeUrl(authorizeUrl: string, homeUrl: string): boolean {
  const origin = originOf(authorizeUrl);
  return origin !== null && origin === originOf(homeUrl);
}

/**
 * What the detail page does to an application: save Name and URL, switch the auth type,
 * authorize on the store, connect with keys, disconnect and delete. Each outcome is told with a
 * bubble (spec 8); `apply` puts the application the server answered on screen, `refresh` loads it
 * again with what only the live detail call knows (the station count).
 */
export function useApplicationActions(
  application: Application | null,
  apply: (application: Application) => void,
  refresh: () => void,
) {
  const { api, bus } = useParcel();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<AuthorizationBusy>(null);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [keysError, setKeysError] = useState<string | null>(null);

  const danger = (message: string) => bus.emit('notify', { message, status: 'danger' });

  const saveDetails = async (change: ApplicationDetailsChange) => {
    if (!application) return;
    setSaving(true);
    setFormError(null);
    try {
      // The api takes one change per PUT.
      let saved = application;
      if (change.name !== undefined) {
        saved = (await updateApplication(api, application.id, { name: change.name })).application;
        apply(saved);
      }
      if (change.homeUrl !== undefined) {
        saved = (await updateApplication(api, application.id, { homeUrl: change.homeUrl }))
          .application;
        apply(saved);
      }
      bus.emit('notify', { message: `Application ${saved.name} was updated.`, status: 'success' });
    } catch (error) {
      const message = apiErrorMessage(error);
      setFormError(message);
      danger(message);
    } finally {
      setSaving(false);
    }
  };

  const changeAuthType = async (authType: ApplicationAuthType) => {
    if (!application || application.authType === authType) return;
    setBusy('authType');
    setKeysError(null);
    apply({ ...application, authType });
    try {
      apply((await updateApplication(api, application.id, { authType })).application);
    } catch (error) {
      apply(application);
      danger(apiErrorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const authorize = async () => {
    if (!application) return;
    setBusy('authorize');
    try {
      const { authorizeUrl } = await setAuthInProgress(api, application.id, true);
      if (!authorizeUrl || !isStoreAuthorizeUrl(authorizeUrl, application.homeUrl)) {
        danger(`The authorization page is not on ${application.homeUrl}.`);
        setBusy(null);
        return;
      }
      // The button keeps spinning while the browser leaves for the store.
      browser.assign(authorizeUrl);
    } catch (error) {
      danger(apiErrorMessage(error));
      setBusy(null);
    }
  };

  const connect = async (keys: ConsumerKeys) => {
    if (!application) return;
    setBusy('connect');
    setKeysError(null);
    try {
      const { application: answered } = await updateApplication(api, application.id, keys);
      apply(answered);
      if (answered.keysFail?.hasError || !answered.isVerifiedAuth) {
        const message = answered.keysFail?.displayError || KEYS_FAIL_FALLBACK;
        setKeysError(message);
        danger(message);
      } else {
        bus.emit('notify', { message: `${answered.name} was authorized.`, status: 'success' });
        refresh();
      }
    } catch (error) {
      const message = apiErrorMessage(error, KEYS_FAIL_FALLBACK);
      setKeysError(message);
      danger(message);
    } finally {
      setBusy(null);
    }
  };

  const disconnect = async () => {
    if (!application) return;
    setBusy('disconnect');
    try {
      const answer = await updateApplication(api, application.id, { deauth: true });
      apply(answer.application);
      bus.emit('notify', {
        message: answer.message ?? disconnectedMessage(application.name),
        status: 'info',
      });
    } catch (error) {
      danger(apiErrorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!application) return;
    setDeleting(true);
    try {
      await deleteApplication(api, application.id);
      bus.emit('notify', {
        message: `Application ${application.name} was deleted.`,
        status: 'success',
      });
      navigate(APPLICATIONS_PATH);
    } catch (error) {
      danger(apiErrorMessage(error));
      setDeleting(false);
    }
  };

  return {
    busy,
    saving,
    deleting,
    formError,
    keysError,
    saveDetails,
    changeAuthType,
    authorize,
    connect,
    disconnect,
    remove,
  };
}

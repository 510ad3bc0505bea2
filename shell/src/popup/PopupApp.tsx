import { LoadingState } from '@pos/shared/lean';
import { Button } from '@pos/shared/ui/Button';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ConfirmStore, type PopupAccount } from './ConfirmStore';
import { runEffect, type PopupServices } from './effects';
import {
  POPUP_TEXTS,
  start,
  step,
  type PopupContext,
  type PopupEvent,
  type PopupInput,
  type PopupState,
  type Transition,
} from './machine';
import {
  acceptedStoreOrigin,
  CLOSE_IFRAME,
  homeOriginOf,
  type PopupMode,
  type StoreMessage,
} from './messages';
import { PopupError, PopupSuccess } from './ResultPages';
import { popupTestIds } from './testIds';
import './popup.css';

/** Where the popup runs and what it may do to its window. */
export interface PopupEnvironment {
  input: PopupInput;
  homeUrl: string | null;
  mode: PopupMode;
  /** The window that speaks for the store: the opener (popup) or the parent (frame). */
  storeWindow: Window | null;
  /** The dashboard's own origin (a frame's Close goes to the shell at it). */
  origin: string;
  supportEmail: string;
  /** Whom the stored token names: the confirm page says which account gets the store. */
  account: PopupAccount | null;
  /** Closes the popup window. */
  closeWindow: () => void;
  services: Omit<PopupServices, 'setupComplete' | 'storeHeard'>;
}

/**
 * How long the popup waits, once the person confirmed, for the store's own page to be heard
 * before it refuses to go on (an opener that never speaks: a foreign page, an old plugin, no
 * opener at all). The store pings every 500 ms; a busy machine can hold a window's timers back
 * for more than a second (a full CI run once left 1.5 s without a ping).
 */
export const STORE_WAIT_MS = 5000;

/** The window's title of a page (a loading page has none of its own). */
function titleOf(state: PopupState): string | null {
  if (state.page === 'error') return state.title;
  if (state.page === 'success') return POPUP_TEXTS.successHeading;
  if (state.page === 'confirm') return POPUP_TEXTS.confirmTitle;
  return null;
}

/**
 * Spec 2.12's pages of the popup: loading, the store to confirm, an error with its two buttons,
 * or the station link.
 */
export function PopupApp({ environment }: { environment: PopupEnvironment }) {
  const {
    input,
    homeUrl,
    mode,
    storeWindow,
    origin,
    supportEmail,
    account,
    closeWindow,
    services,
  } = environment;
  const [first] = useState<Transition>(() => start(input));
  const [state, setState] = useState<PopupState>(first[0]);
  const stateRef = useRef(state);
  const storeOrigin = useRef<string | null>(null);
  /** The station's address once known, and the origin of its application's own homeUrl. */
  const pendingStation = useRef<{ stationURL: string; origin: string | null } | null>(null);
  const started = useRef(false);
  /** Those waiting for the store's first ping. */
  const heardWaiters = useRef<Array<() => void>>([]);

  const post = useCallback(
    (message: StoreMessage) => {
      if (storeWindow && storeOrigin.current) storeWindow.postMessage(message, storeOrigin.current);
    },
    [storeWindow],
  );

  /** setup-complete goes only to the store the application belongs to (its homeUrl's origin). */
  const tellStation = useCallback(() => {
    const pending = pendingStation.current;
    if (pending && storeOrigin.current && storeOrigin.current === pending.origin) {
      post({ type: 'setup-complete', stationURL: pending.stationURL });
    }
  }, [post]);

  const setupComplete = useCallback(
    (stationURL: string, applicationHomeUrl: string) => {
      pendingStation.current = { stationURL, origin: homeOriginOf(applicationHomeUrl) };
      tellStation();
    },
    [tellStation],
  );

  const storeHeard = useCallback((): Promise<void> => {
    if (storeOrigin.current || !storeWindow || mode === 'standalone') return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, STORE_WAIT_MS);
      heardWaiters.current.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }, [mode, storeWindow]);

  /** The machine's context now: the store page's origin is known only once it was heard. */
  const contextOf = useCallback(
    (): PopupContext => ({ homeUrl, storeOrigin: storeOrigin.current }),
    [homeUrl],
  );

  const apply = useCallback(
    ([next, effects]: Transition) => {
      stateRef.current = next;
      setState(next);
      for (const effect of effects) {
        void runEffect(effect, { ...services, setupComplete, storeHeard }, (event) =>
          apply(step(stateRef.current, event, contextOf())),
        );
      }
    },
    [contextOf, services, setupComplete, storeHeard],
  );

  /** What the person chose on the confirm page goes through the machine like an answer. */
  const choose = (event: PopupEvent) => apply(step(stateRef.current, event, contextOf()));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    apply(first);
  }, [apply, first]);

  useEffect(() => {
    if (mode === 'standalone') return undefined;
    const onMessage = (event: MessageEvent) => {
      if (storeOrigin.current) return;
      const accepted = acceptedStoreOrigin(event, { storeWindow, homeUrl });
      if (!accepted) return;
      storeOrigin.current = accepted;
      post({ type: 'content-loaded' });
      tellStation();
      for (const wake of heardWaiters.current.splice(0)) wake();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [homeUrl, mode, post, storeWindow, tellStation]);

  useEffect(() => {
    const title = titleOf(state);
    document.title = title ? `${title} | Cloud POS` : 'Cloud POS';
  }, [state]);

  const close = () => {
    if (mode === 'frame' && storeWindow) storeWindow.postMessage({ type: CLOSE_IFRAME }, origin);
    else if (mode === 'popup') closeWindow();
    else services.assign('/');
  };
  const closeButton = (
    <Button variant="secondary" data-testid={popupTestIds.close} onClick={close}>
      {POPUP_TEXTS.close}
    </Button>
  );

  return (
    <main className="pos-popup" data-testid={popupTestIds.page} data-page={state.page}>
      <div className="pos-popup__card">
        <p className="pos-popup__brand">Cloud POS</p>
        {state.page === 'loading' && (
          <div data-testid={popupTestIds.loading}>
            <h1 className="pos-popup__hidden">{state.message}</h1>
            <LoadingState message={state.message} />
          </div>
        )}
        {state.page === 'confirm' && (
          <ConfirmStore
            siteName={state.siteName}
            homeUrl={state.homeUrl}
            account={account}
            onConfirm={() => choose({ type: 'confirmed' })}
            onCancel={close}
          />
        )}
        {state.page === 'error' && (
          <PopupError
            title={state.title}
            details={state.details}
            onContactSupport={() => services.assign(`mailto:${supportEmail}`)}
            closeButton={closeButton}
          />
        )}
        {state.page === 'success' && (
          <PopupSuccess stationURL={state.stationURL} closeButton={closeButton} />
        )}
      </div>
    </main>
  );
}

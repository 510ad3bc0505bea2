import { LoadingState, cx, type ParcelLifecycles, type ParcelProps } from '@pos/shared';
import { useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { UNSAFE_NavigationContext, useLocation } from '@pos/shared/router';
import type { Parcel } from 'single-spa';
import { useAccount } from '../account/AccountContext';
import { useApi } from '../account/ApiContext';
import { useShell } from '../app/ShellContext';
import { SlotError } from '../components/ErrorBoundary';
import { testIds } from '../testIds';
import { LOAD_TIMEOUT_MS, withRetries, withTimeout } from './retry';

export interface ParcelSlotProps {
  /** The slot's name, for its loading and error messages. */
  title: string;
  /** Loads the parcel's lifecycles (a route's or a tile's `load`). */
  load: () => Promise<ParcelLifecycles>;
  /** The route prefix the parcel is mounted for. */
  basePath: string;
  /** A page slot names the page with a (hidden) h1 until the parcel renders its own. */
  pageHeading?: boolean;
  /**
   * A slot of the side navigation: a small spinner while it loads and a one-line failure
   * (SlotError's compact form).
   */
  compact?: boolean;
  /** Shown while the parcel loads instead of the spinner (a dashboard tile's skeleton). */
  loadingView?: ReactNode;
  className?: string;
}

type SlotStatus = 'loading' | 'mounted' | 'failed';

/** A parcel and its queue of updates: single-spa refuses an update or unmount mid-update. */
interface MountedParcel {
  parcel: Parcel<ParcelProps & { domElement: HTMLElement }>;
  domElement: HTMLElement;
  queue: Promise<unknown>;
}

/**
 * Mounts a remote's parcel with single-spa inside the shell's router: loads it with a timeout
 * and retries, passes the shell's props, updates it as the location or viewer change, and
 * unmounts it when the slot goes. A failure shows '{title} is unavailable right now.' with a
 * 'Try again' that loads the parcel afresh.
 */
export function ParcelSlot({
  title,
  load,
  basePath,
  pageHeading = false,
  compact = false,
  loadingView,
  className,
}: ParcelSlotProps) {
  const { bus, session, config, browser } = useShell();
  const cloudPosUrl = config.cloudPosUrl || browser.origin;
  const api = useApi();
  const { viewer } = useAccount();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const location = useLocation();
  const hostRef = useRef<HTMLDivElement>(null);
  const parcelRef = useRef<MountedParcel | null>(null);
  const [status, setStatus] = useState<SlotStatus>('loading');
  const [attempt, setAttempt] = useState(0);

  const props = useMemo<ParcelProps>(
    () => ({
      bus,
      session,
      api,
      basePath,
      cloudPosUrl,
      stripe: config.stripe,
      salesEmail: config.salesEmail,
      viewer,
      navigator,
      location,
    }),
    [
      api,
      basePath,
      bus,
      cloudPosUrl,
      config.stripe,
      config.salesEmail,
      location,
      navigator,
      session,
      viewer,
    ],
  );
  const propsRef = useRef(props);

  useEffect(() => {
    propsRef.current = props;
  }, [props]);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return undefined;
    let cancelled = false;
    let mounted: MountedParcel | null = null;
    // A fresh element per attempt, so a half-mounted failure leaves nothing behind.
    const domElement = document.createElement('div');
    domElement.className = 'shell-parcel__root';
    host.appendChild(domElement);
    setStatus('loading');

    (async () => {
      try {
        // single-spa comes with the first parcel, fetched beside the remote's own code: the shell
        // pays for it only once it mounts a remote.
        const [lifecycles, { mountRootParcel }] = await Promise.all([
          withRetries(title, () => load()),
          import(/* webpackChunkName: "single-spa" */ 'single-spa'),
        ]);
        if (cancelled) return;
        const parcel = mountRootParcel<ParcelProps & { domElement: HTMLElement }>(
          lifecycles as never,
          {
            ...propsRef.current,
            domElement,
          },
        );
        // single-spa rejects these too when a lifecycle fails; the slot reports it once.
        for (const settled of [
          parcel.loadPromise,
          parcel.bootstrapPromise,
          parcel.unmountPromise,
        ]) {
          settled.catch(() => undefined);
        }
        mounted = { parcel, domElement, queue: parcel.mountPromise };
        parcelRef.current = mounted;
        await withTimeout(parcel.mountPromise, LOAD_TIMEOUT_MS, title);
        if (!cancelled) setStatus('mounted');
      } catch (error) {
        console.warn(`${title} could not be mounted`, error);
        if (!cancelled) setStatus('failed');
      }
    })();

    return () => {
      cancelled = true;
      parcelRef.current = null;
      const leaving = mounted;
      if (!leaving) {
        domElement.remove();
        return;
      }
      leaving.queue = leaving.queue
        .catch(() => undefined)
        .then(() => (leaving.parcel.getStatus() === 'MOUNTED' ? leaving.parcel.unmount() : null))
        .catch((error: unknown) => console.warn(`${title} failed to unmount`, error))
        .finally(() => domElement.remove());
    };
  }, [load, title, attempt]);

  useEffect(() => {
    const current = parcelRef.current;
    if (status !== 'mounted' || !current) return;
    const { parcel, domElement } = current;
    // single-spa replaces the parcel's props on update: the element must come along.
    current.queue = current.queue
      .catch(() => undefined)
      .then(() =>
        parcel.getStatus() === 'MOUNTED' ? parcel.update?.({ ...props, domElement }) : undefined,
      )
      .catch((error: unknown) => console.warn(`${title} failed to update`, error));
  }, [props, status, title]);

  return (
    <div
      className={cx('shell-parcel', className)}
      data-testid={testIds.remoteSlot.root}
      data-status={status}
      aria-busy={status === 'loading' || undefined}
    >
      {pageHeading && status !== 'mounted' && <h1 className="pos-visually-hidden">{title}</h1>}
      {status === 'loading' && (
        <div data-testid={testIds.remoteSlot.loading}>
          {loadingView ?? <LoadingState inline={compact} message={`Loading ${title}…`} />}
        </div>
      )}
      {status === 'failed' && (
        <SlotError
          title={title}
          compact={compact}
          onRetry={() => setAttempt((value) => value + 1)}
        />
      )}
      <div ref={hostRef} className="shell-parcel__host" hidden={status === 'failed'} />
    </div>
  );
}

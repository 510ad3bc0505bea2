import { IconButton, httpUrlOrNull, useModalFocus } from '@pos/shared';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useShell } from '../../app/ShellContext';
import { testIds } from '../../testIds';
import { frameMessageOf } from '../frameMessage';
import './OnboardingFrame.css';

/** What the overlay shows: an http(s) page, its origin (the only one heard), host and name. */
interface ShownPage {
  url: string;
  origin: string;
  host: string;
  title: string;
}

/** The overlay's name when the event gives none. */
export const ONBOARDING_TITLE = 'Onboarding';

/** What a framed page may ask of the overlay (spec 7's CLOSE_IFRAME). */
const CLOSE_MESSAGE = 'CLOSE_IFRAME';

/** The event's page, or null when its address is not http(s) (javascript:, data:, a path…). */
export function shownPageOf(url: unknown, title: unknown): ShownPage | null {
  const href = httpUrlOrNull(url);
  if (!href) return null;
  const name = typeof title === 'string' && title.trim() ? title.trim() : ONBOARDING_TITLE;
  const { origin, host } = new URL(href);
  return { url: href, origin, host, title: name };
}

/**
 * The onboarding iframe overlay of spec 2.10: a bus `open-onboarding-iframe` {url, title} shows
 * an http(s) page in a modal frame with a close button (Escape closes it too). The page may close
 * it by posting CLOSE_IFRAME; as with the SSO frame, only messages from the frame's own window
 * and from the origin of the address it was opened at count. Closing asks the Assistant to reload
 * its tasks (`tasks-changed`): what was done in the frame may have completed one.
 */
export function OnboardingFrame() {
  const { bus } = useShell();
  const [page, setPage] = useState<ShownPage | null>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const titleId = useId();

  const close = useCallback(() => {
    setPage(null);
    bus.emit('tasks-changed');
  }, [bus]);

  useEffect(() => {
    const subscription = bus.on('open-onboarding-iframe', ({ url, title }) => {
      const next = shownPageOf(url, title);
      if (next) setPage(next);
      else console.warn('The onboarding overlay opens http(s) addresses only', url);
    });
    return () => subscription.unsubscribe();
  }, [bus]);

  useEffect(() => {
    if (!page) return undefined;
    const onMessage = (event: MessageEvent) => {
      const frameWindow = frameRef.current?.contentWindow;
      if (!frameWindow || event.origin !== page.origin || event.source !== frameWindow) return;
      if (frameMessageOf(event.data)?.type === CLOSE_MESSAGE) close();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [close, page]);

  const onKeyDown = useModalFocus(overlayRef, {
    open: page !== null,
    onEscape: close,
    initialFocus: closeRef,
  });

  if (!page) return null;
  return (
    <div
      className="shell-onboarding"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <div
        ref={overlayRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="shell-onboarding__panel"
        data-testid={testIds.onboarding.overlay}
        onKeyDown={onKeyDown}
      >
        <header className="shell-onboarding__bar">
          <h2 id={titleId} className="shell-onboarding__title">
            {page.title}
          </h2>
          <span className="shell-onboarding__origin">{page.host}</span>
          <IconButton
            ref={closeRef}
            icon="close"
            aria-label={`Close ${page.title}`}
            className="shell-onboarding__close"
            data-testid={testIds.onboarding.close}
            onClick={close}
          />
        </header>
        <iframe
          ref={frameRef}
          key={page.url}
          title={page.title}
          src={page.url}
          className="shell-onboarding__frame"
          data-testid={testIds.onboarding.frame}
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
        />
      </div>
    </div>
  );
}

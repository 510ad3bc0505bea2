import { Button, Icon, LoadingState, type SupportRequest } from '@pos/shared';
import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import { assistantTestIds } from '../../testIds';
import type { SupportCardDetails } from '../../types';
import { LOADING_SUPPORT_FORM, supportRequestSentInline } from '../../texts';
import './SupportCard.css';

const ids = assistantTestIds.support;

/**
 * The form, with final-form and the kit's field adapters, is its own chunk: the side navigation's
 * widget loads on every page, the form only once the panel is opened (the card starts fetching
 * it then, so it is there by the time the button is pressed).
 */
const loadSupportForm = () => import('./SupportForm');
const SupportForm = lazy(() => loadSupportForm().then((m) => ({ default: m.SupportForm })));

export interface SupportCardProps {
  card: SupportCardDetails;
  /** The card's setting is being saved (PATCH user-tasks/support). */
  busy: boolean;
  /** Why the setting could not be changed. */
  error: string | null;
  /** The id of the last request sent from this page. */
  sentId: string | null;
  /** Shows (true) or hides (false) the new-ticket form. */
  onNewTicket: (createNewTicket: boolean) => void;
  /** Sends the request: nothing on success, the refusal's text otherwise. */
  onSend: (request: SupportRequest) => Promise<string | undefined>;
}

/**
 * The support card of SUPPORT (spec 3's supportCardDetails): its name and description, and its
 * button (completionBtnText) that shows the new-ticket form, which the card keeps shown while
 * `createNewTicket` is set. Focus follows: into Subject when the form is asked for, back to the
 * button when it goes.
 */
export function SupportCard({ card, busy, error, sentId, onNewTicket, onSend }: SupportCardProps) {
  const formId = useId();
  const titleId = useId();
  const cardRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [asked, setAsked] = useState(false);
  const wasShown = useRef(card.createNewTicket);

  useEffect(() => {
    // A failed fetch here is tried again by the form itself, which shows the error.
    loadSupportForm().catch(() => undefined);
  }, []);

  useEffect(() => {
    // The form went (Cancel, or a request sent) with focus in it: the button takes it.
    const active = document.activeElement;
    const focusLost = active === document.body || Boolean(cardRef.current?.contains(active));
    if (wasShown.current && !card.createNewTicket && focusLost) buttonRef.current?.focus();
    wasShown.current = card.createNewTicket;
  }, [card.createNewTicket]);

  return (
    <article
      ref={cardRef}
      className="assistant-support"
      aria-labelledby={titleId}
      data-testid={ids.card}
    >
      <div className="assistant-support__intro">
        <span className="assistant-support__icon" aria-hidden="true">
          <Icon name="life-buoy" size={22} />
        </span>
        <div>
          <h4 id={titleId} className="assistant-support__name">
            {card.name}
          </h4>
          <p className="assistant-support__description">{card.description}</p>
        </div>
      </div>
      {sentId && (
        <p className="assistant-support__sent" role="status" data-testid={ids.sent}>
          <Icon name="check" size={16} />
          {supportRequestSentInline(sentId)}
        </p>
      )}
      {card.createNewTicket ? (
        <Suspense fallback={<LoadingState inline message={LOADING_SUPPORT_FORM} />}>
          <SupportForm
            id={formId}
            label={card.completionBtnText}
            autoFocus={asked}
            onSend={onSend}
            onCancel={() => onNewTicket(false)}
          />
        </Suspense>
      ) : (
        <Button
          ref={buttonRef}
          variant="secondary"
          icon="mail"
          loading={busy}
          onClick={() => {
            setAsked(true);
            onNewTicket(true);
          }}
          data-testid={ids.newTicket}
        >
          {card.completionBtnText}
        </Button>
      )}
      {error && (
        <p className="assistant-support__error" role="alert" data-testid={ids.error}>
          {error}
        </p>
      )}
    </article>
  );
}

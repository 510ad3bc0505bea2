import { Button, Icon, type SupportRequest } from '@pos/shared';
import type { SubmissionErrors } from 'final-form';
import { useEffect, useId, useRef, useState } from 'react';
import { assistantTestIds } from '../../testIds';
import type { SupportCardDetails } from '../../types';
import { supportRequestSentInline } from '../../texts';
import { SupportForm } from './SupportForm';
import './SupportCard.css';

const ids = assistantTestIds.support;

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
  onSend: (request: SupportRequest) => Promise<SubmissionErrors | void>;
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
        <SupportForm
          id={formId}
          label={card.completionBtnText}
          autoFocus={asked}
          onSend={onSend}
          onCancel={() => onNewTicket(false)}
        />
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

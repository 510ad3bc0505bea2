import { useEffect, useState } from 'react';
import { IconButton, useMounted } from '@pos/shared';
import {
  INVITATION_SENT_MS,
  describeInvitation,
  initialInvitationState,
  invitationReducer,
  type InvitationEvent,
} from '../../invitation';
import '@pos/shared/store-kit.css';

/** How a send ended, as the caller (who talks to the server and shows bubbles) saw it. */
export type InviteOutcome =
  | { outcome: 'sent'; invitationCount: number | null }
  | { outcome: 'limit' }
  | { outcome: 'failed' };

export interface InviteButtonProps {
  /** Invitations the server counted when the row was loaded. */
  invitationCount: number;
  /** Sends one invitation. */
  onInvite: () => Promise<InviteOutcome>;
  'data-testid'?: string;
  /** data-testid of the 'Need Invite' / 'Pending' label. */
  statusTestId?: string;
}

const eventOf = (result: InviteOutcome): InvitationEvent =>
  result.outcome === 'sent'
    ? { type: 'sent', invitationCount: result.invitationCount }
    : result.outcome === 'limit'
      ? { type: 'limitReached' }
      : { type: 'failed' };

/**
 * A user's invitation status and icon button (spec 4), for a store's wp users and its staff:
 * Need Invite → Pending with resend → 'Attempt limit reached'; 'The invitation is sent' for
 * 3 s after each send. Where the spec ignores clicks the button says so with aria-disabled and
 * stays focusable, so its title can still be read.
 */
export function InviteButton({
  invitationCount,
  onInvite,
  'data-testid': testId,
  statusTestId,
}: InviteButtonProps) {
  const [state, setState] = useState(() => initialInvitationState(invitationCount));
  // A fourth click reaches the limit without asking the server, so no bubble tells it: the
  // button says it to screen readers itself.
  const [announcement, setAnnouncement] = useState('');
  const isMounted = useMounted();
  const { label, title, tone } = describeInvitation(state);
  const inert = state.sending || state.icon === 'mailSendOk' || state.icon === 'exclamationMark';

  useEffect(() => {
    if (state.icon !== 'mailSendOk') return undefined;
    const timer = setTimeout(
      () => setState((current) => invitationReducer(current, { type: 'sentShown' })),
      INVITATION_SENT_MS,
    );
    return () => clearTimeout(timer);
  }, [state.icon]);

  const click = async () => {
    const next = invitationReducer(state, { type: 'click' });
    if (next === state) return;
    setState(next);
    if (!next.sending) {
      setAnnouncement(describeInvitation(next).title);
      return;
    }
    const result = await onInvite();
    if (isMounted()) setState((current) => invitationReducer(current, eventOf(result)));
  };

  return (
    <span className={`pos-invite pos-invite--${tone}`}>
      <span className="pos-invite__label" data-testid={statusTestId}>
        {label}
      </span>
      <IconButton
        icon={state.icon}
        size="sm"
        aria-label={title}
        aria-disabled={inert || undefined}
        aria-busy={state.sending || undefined}
        className="pos-invite__button"
        onClick={() => void click()}
        data-testid={testId}
        data-state={state.icon}
      />
      <span className="pos-visually-hidden" role="status">
        {announcement}
      </span>
    </span>
  );
}

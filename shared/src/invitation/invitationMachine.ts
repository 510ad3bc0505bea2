import { INVITATION_LIMIT } from '../rules/invitations';

/** Spec 9: 'The invitation is sent' shows for 3 s, then the button offers a resend again. */
export const INVITATION_SENT_MS = 3000;

/**
 * The icon of a user's invitation button (spec 4; a store's wp users, and its staff next):
 * addUser (none sent), userWait (sent, may resend), mailSendOk (just sent), exclamationMark
 * (limit reached).
 */
export type InvitationIcon = 'addUser' | 'userWait' | 'mailSendOk' | 'exclamationMark';

/** Where one user's invitation stands. */
export interface InvitationState {
  icon: InvitationIcon;
  /** Invitations counted so far, including one being sent. */
  count: number;
  /** An invitation is on its way to the server. */
  sending: boolean;
  /** What to go back to when the send fails for another reason than the limit. */
  previous: { icon: InvitationIcon; count: number } | null;
}

/** What can happen to an invitation button. */
export type InvitationEvent =
  | { type: 'click' }
  | { type: 'sent'; invitationCount?: number | null }
  | { type: 'limitReached' }
  | { type: 'failed' }
  /** The 3 s of 'The invitation is sent' are over. */
  | { type: 'sentShown' };

/** The icon a count shows before anything is clicked (spec 4). */
export function iconForCount(count: number): InvitationIcon {
  if (count <= 0) return 'addUser';
  if (count < INVITATION_LIMIT) return 'userWait';
  return 'exclamationMark';
}

/** The state of a button for a user with `invitationCount` invitations sent. */
export function initialInvitationState(invitationCount: number): InvitationState {
  return {
    icon: iconForCount(invitationCount),
    count: invitationCount,
    sending: false,
    previous: null,
  };
}

/**
 * The invitation state machine of spec 4. A click in addUser or userWait counts one more
 * invitation: within the limit it is sent, beyond it the button shows the limit. Clicks in
 * mailSendOk and exclamationMark, or while sending, change nothing (the same state comes back,
 * so the caller knows nothing is to be sent).
 */
export function invitationReducer(state: InvitationState, event: InvitationEvent): InvitationState {
  switch (event.type) {
    case 'click': {
      if (state.sending || state.icon === 'mailSendOk' || state.icon === 'exclamationMark') {
        return state;
      }
      const count = state.count + 1;
      if (count > INVITATION_LIMIT) {
        return { icon: 'exclamationMark', count, sending: false, previous: null };
      }
      return {
        icon: state.icon,
        count,
        sending: true,
        previous: { icon: state.icon, count: state.count },
      };
    }
    case 'sent':
      if (!state.sending) return state;
      return {
        icon: 'mailSendOk',
        count: event.invitationCount ?? state.count,
        sending: false,
        previous: null,
      };
    case 'limitReached':
      return {
        icon: 'exclamationMark',
        count: Math.max(state.count, INVITATION_LIMIT),
        sending: false,
        previous: null,
      };
    case 'failed':
      if (!state.sending || !state.previous) return state;
      return { ...state.previous, sending: false, previous: null };
    case 'sentShown':
      return state.icon === 'mailSendOk' ? { ...state, icon: 'userWait' } : state;
  }
}

/** What the button says about a state: its status label, its title (spec 8) and its tone. */
export function describeInvitation(state: InvitationState): {
  label: 'Need Invite' | 'Pending';
  title: string;
  tone: 'silver' | 'gold' | 'green' | 'red';
} {
  switch (state.icon) {
    case 'addUser':
      return { label: 'Need Invite', title: 'Send invitation', tone: 'silver' };
    case 'userWait':
      return { label: 'Pending', title: 'Resend invitation', tone: 'gold' };
    case 'mailSendOk':
      return { label: 'Pending', title: 'The invitation is sent', tone: 'green' };
    case 'exclamationMark':
      return { label: 'Pending', title: 'Attempt limit reached', tone: 'red' };
  }
}

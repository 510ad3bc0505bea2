import {
  describeInvitation,
  initialInvitationState,
  invitationReducer,
  type InvitationEvent,
  type InvitationState,
} from './invitationMachine';

const run = (state: InvitationState, ...events: InvitationEvent[]) =>
  events.reduce(invitationReducer, state);

describe('invitation state machine', () => {
  it('shows Need Invite with Send invitation for a user never invited', () => {
    const state = initialInvitationState(0);
    expect(state.icon).toBe('addUser');
    expect(describeInvitation(state)).toEqual({
      label: 'Need Invite',
      title: 'Send invitation',
      tone: 'silver',
    });
  });

  it('shows Pending with Resend invitation after one or two invitations', () => {
    for (const count of [1, 2]) {
      const state = initialInvitationState(count);
      expect(state.icon).toBe('userWait');
      expect(describeInvitation(state)).toEqual({
        label: 'Pending',
        title: 'Resend invitation',
        tone: 'gold',
      });
    }
  });

  it('shows Pending with Attempt limit reached from three invitations on', () => {
    for (const count of [3, 7]) {
      const state = initialInvitationState(count);
      expect(state.icon).toBe('exclamationMark');
      expect(describeInvitation(state)).toEqual({
        label: 'Pending',
        title: 'Attempt limit reached',
        tone: 'red',
      });
    }
  });

  it('counts a click and sends while the count stays within 3', () => {
    const sending = run(initialInvitationState(0), { type: 'click' });
    expect(sending).toMatchObject({ count: 1, sending: true, icon: 'addUser' });
  });

  it('shows The invitation is sent after a send, then Pending/resend once the 3 s are over', () => {
    const sent = run(initialInvitationState(1), { type: 'click' }, { type: 'sent' });
    expect(sent).toMatchObject({ icon: 'mailSendOk', count: 2, sending: false });
    expect(describeInvitation(sent)).toMatchObject({
      title: 'The invitation is sent',
      tone: 'green',
    });
    expect(invitationReducer(sent, { type: 'sentShown' })).toMatchObject({
      icon: 'userWait',
      count: 2,
    });
  });

  it('takes the count the server reports after a send', () => {
    const sent = run(
      initialInvitationState(0),
      { type: 'click' },
      { type: 'sent', invitationCount: 2 },
    );
    expect(sent.count).toBe(2);
  });

  it('sends the third invitation and shows the limit on a fourth click', () => {
    const third = run(
      initialInvitationState(2),
      { type: 'click' },
      { type: 'sent' },
      { type: 'sentShown' },
    );
    expect(third).toMatchObject({ icon: 'userWait', count: 3 });
    const fourth = invitationReducer(third, { type: 'click' });
    expect(fourth).toMatchObject({ icon: 'exclamationMark', count: 4, sending: false });
  });

  it('ignores clicks while the invitation is sent, at the limit and while sending', () => {
    const sent = run(initialInvitationState(0), { type: 'click' }, { type: 'sent' });
    expect(invitationReducer(sent, { type: 'click' })).toBe(sent);
    const limit = initialInvitationState(3);
    expect(invitationReducer(limit, { type: 'click' })).toBe(limit);
    const sending = invitationReducer(initialInvitationState(0), { type: 'click' });
    expect(invitationReducer(sending, { type: 'click' })).toBe(sending);
  });

  it('shows the limit when the server answers 429', () => {
    const limited = run(initialInvitationState(1), { type: 'click' }, { type: 'limitReached' });
    expect(limited).toMatchObject({ icon: 'exclamationMark', sending: false });
    expect(describeInvitation(limited).title).toBe('Attempt limit reached');
  });

  it('goes back to the state before the click when the send fails otherwise', () => {
    const before = initialInvitationState(1);
    const failed = run(before, { type: 'click' }, { type: 'failed' });
    expect(failed).toEqual(before);
  });
});

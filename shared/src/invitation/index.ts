// The invitation rules of spec 4 as a pure reducer: the applications' shared users use it
// through InviteButton, and the staff will too.
export * from './invitationMachine';

export { InviteButton } from './InviteButton';
export type { InviteButtonProps, InviteOutcome } from './InviteButton';

export { focusableIn, useModalFocus } from './useModalFocus';
export type { ModalFocusOptions } from './useModalFocus';

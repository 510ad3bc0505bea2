import type { KeyboardEvent as ReactKeyboardEvent, RefObject } from 'react';
import { useCallback, useEffect, useRef } from 'react';

/** What Tab can reach inside a modal. */
const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/** The elements of `container` that Tab reaches, in document order. */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
}

export interface ModalFocusOptions {
  open: boolean;
  /** Escape was pressed inside the modal (a modal opened from it handles its own first). */
  onEscape: () => void;
  /** What gets focus when the modal opens; the modal element itself unless given. */
  initialFocus?: RefObject<HTMLElement | null>;
}

/**
 * Keyboard and focus of a modal (a dialog, a drawer, an overlay) whose element is `modalRef`:
 * while open, the page behind does not scroll, focus starts on `initialFocus`, Tab and Shift+Tab
 * go round inside, focus that lands outside every open modal (`aria-modal="true"`: a modal
 * opened from this one is fine) comes back, and Escape calls `onEscape`; once closed, focus goes
 * back where it was. Returns the keydown handler to put on the modal's element.
 */
export function useModalFocus(
  modalRef: RefObject<HTMLElement | null>,
  { open, onEscape, initialFocus }: ModalFocusOptions,
): (event: ReactKeyboardEvent<HTMLElement>) => void {
  const onEscapeRef = useRef(onEscape);
  useEffect(() => {
    onEscapeRef.current = onEscape;
  }, [onEscape]);

  useEffect(() => {
    if (!open) return undefined;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const start = () => initialFocus?.current ?? modalRef.current;
    start()?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const keepFocusInside = (event: FocusEvent) => {
      const modal = modalRef.current;
      const target = event.target;
      if (!modal || !(target instanceof Element) || modal.contains(target)) return;
      if (target.closest('[aria-modal="true"]')) return;
      start()?.focus();
    };
    document.addEventListener('focusin', keepFocusInside);
    return () => {
      document.removeEventListener('focusin', keepFocusInside);
      document.body.style.overflow = overflow;
      previous?.focus();
    };
    // The element to start on is read when the modal opens; later changes do not move focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  return useCallback(
    (event: ReactKeyboardEvent<HTMLElement>) => {
      const modal = modalRef.current;
      // Keys pressed in a modal opened from this one (rendered in a portal, but a React child
      // of this one) are that modal's.
      if (!modal || !(event.target instanceof Node) || !modal.contains(event.target)) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onEscapeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = focusableIn(modal);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === modal)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    },
    [modalRef],
  );
}

import type { ReactElement, ReactNode } from 'react';
import { cloneElement, isValidElement, useEffect, useId, useState } from 'react';
import { cx } from '../cx';
import './Tooltip.css';

/** Where a tooltip opens relative to its trigger. */
export type TooltipPlacement = 'top' | 'right' | 'bottom' | 'left';

const PLACEMENTS: readonly TooltipPlacement[] = ['top', 'right', 'bottom', 'left'];

/** Spec 8: a tooltip with an invalid placement falls back to top. */
export function resolvePlacement(placement: unknown): TooltipPlacement {
  return PLACEMENTS.includes(placement as TooltipPlacement)
    ? (placement as TooltipPlacement)
    : 'top';
}

export interface TooltipProps {
  content: ReactNode;
  /** Any string is accepted because placements come from data; unknown ones mean 'top'. */
  placement?: TooltipPlacement | (string & {});
  /** The trigger: a focusable element (button, link) so keyboard users can open the tooltip. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  className?: string;
}

/**
 * A short description that appears while the trigger is hovered or focused, linked to it with
 * aria-describedby. Escape hides it without moving focus (WCAG 1.4.13).
 */
export function Tooltip({ content, placement, children, className }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const side = resolvePlacement(placement);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const trigger = isValidElement(children)
    ? cloneElement(children, {
        'aria-describedby': cx(children.props['aria-describedby'], id) || undefined,
      })
    : children;

  return (
    <span
      className={cx('pos-tooltip', className)}
      data-placement={side}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
    >
      {trigger}
      <span
        id={id}
        role="tooltip"
        className={cx('pos-tooltip__bubble', `pos-tooltip__bubble--${side}`, open && 'is-open')}
      >
        {content}
      </span>
    </span>
  );
}

import type { ReactNode } from 'react';
import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { cx } from '../cx';
import { Icon, type IconName } from '../Icon';
import { IconButton } from '../IconButton';
import { useModalFocus } from '../Modal';
import './Drawer.css';

export interface DrawerProps {
  open: boolean;
  /** Called by the close button, Escape and a click on the backdrop. */
  onClose: () => void;
  /** The drawer's heading (h2), which names the dialog. */
  title: ReactNode;
  /** A line under the title, which describes the dialog. */
  description?: ReactNode;
  /** An icon before the title. */
  icon?: IconName;
  /** More of the header, under the description (a summary, a progress line). */
  headerExtra?: ReactNode;
  /** The close button's name. */
  closeLabel?: string;
  className?: string;
  children: ReactNode;
  'data-testid'?: string;
  /** The close button's test id. */
  closeTestId?: string;
}

/**
 * A modal panel that slides in from the right edge (the whole width on phones): a header with
 * the title, its description and a close button, then its content, which scrolls. Focus starts
 * on the close button, stays inside while it is open (a dialog opened from it included) and
 * returns to where it was; Escape and a click beside it close it.
 */
export function Drawer({
  open,
  onClose,
  title,
  description,
  icon,
  headerExtra,
  closeLabel = 'Close',
  className,
  children,
  'data-testid': testId,
  closeTestId,
}: DrawerProps) {
  const titleId = useId();
  const descriptionId = useId();
  const drawerRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const onKeyDown = useModalFocus(drawerRef, { open, onEscape: onClose, initialFocus: closeRef });

  if (!open) return null;

  return createPortal(
    <div
      className="pos-drawer-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={drawerRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cx('pos-drawer', className)}
        data-testid={testId}
        onKeyDown={onKeyDown}
      >
        <header className="pos-drawer__header">
          <div className={cx('pos-drawer__heading', !icon && 'pos-drawer__heading--plain')}>
            {icon && (
              <span className="pos-drawer__icon" aria-hidden="true">
                <Icon name={icon} size={22} />
              </span>
            )}
            <div className="pos-drawer__titles">
              <h2 id={titleId} className="pos-drawer__title">
                {title}
              </h2>
              {description && (
                <p id={descriptionId} className="pos-drawer__description">
                  {description}
                </p>
              )}
            </div>
            <IconButton
              ref={closeRef}
              icon="close"
              aria-label={closeLabel}
              className="pos-drawer__close"
              data-testid={closeTestId}
              onClick={onClose}
            />
          </div>
          {headerExtra}
        </header>
        <div className="pos-drawer__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}

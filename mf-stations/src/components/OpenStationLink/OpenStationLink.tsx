import { useId } from 'react';
import { Button, Icon, cx } from '@pos/shared';
import { NO_ACCESS } from '../../texts';

export interface OpenStationLinkProps {
  /** The visible words, e.g. 'View POS' or 'Sign in'. */
  children: string;
  /** The accessible name; it starts with the visible words and names the station. */
  label: string;
  /** The station's cloud POS address. */
  url: string;
  /** Stations the viewer (or the application's account) may not open show a disabled control. */
  disabled?: boolean;
  /** Why it is disabled; 'No access to this station' unless told. */
  reason?: string;
  variant?: 'primary' | 'secondary';
  'data-testid'?: string;
}

/**
 * Opens a station at its cloud POS address in a new tab: a link that looks like a button, so it
 * can also be opened with the browser's own link actions. Without access it is a button that
 * is disabled (aria-disabled, so it stays focusable and is found by keyboard and screen reader
 * users) and described by why ('No access to this station' unless told). Its clicks do nothing.
 */
export function OpenStationLink({
  children,
  label,
  url,
  disabled = false,
  reason = NO_ACCESS,
  variant = 'secondary',
  'data-testid': testId,
}: OpenStationLinkProps) {
  const reasonId = useId();
  if (disabled) {
    return (
      <>
        <Button
          variant={variant}
          size="sm"
          aria-disabled="true"
          aria-label={label}
          aria-describedby={reasonId}
          title={reason}
          data-testid={testId}
        >
          {children}
        </Button>
        <span id={reasonId} className="pos-visually-hidden">
          {reason}
        </span>
      </>
    );
  }
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${label} (opens in a new tab)`}
      className={cx('pos-button', `pos-button--${variant}`, 'pos-button--sm')}
      data-testid={testId}
    >
      <span className="pos-button__label">{children}</span>
      <Icon name="external" size={16} />
    </a>
  );
}

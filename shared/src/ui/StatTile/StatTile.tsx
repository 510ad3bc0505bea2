import type { ReactNode } from 'react';
import { Link } from '@pos/shared/router';
import { Card } from '../Card';
import { ErrorState } from '../ErrorState';
import { Icon } from '../Icon';
import { LoadingState } from '../LoadingState';
import { cx } from '../cx';
import './StatTile.css';

/** Where a stat tile leads: the page that shows what the number counts. */
export interface StatTileLink {
  to: string;
  label: string;
  'data-testid'?: string;
}

/** What the tile shows: one load of one number. */
export type StatTileState =
  | { status: 'loading' }
  | { status: 'error'; message: ReactNode; onRetry?: () => void }
  | { status: 'success'; value: number }
  /** No number to show, and none asked for (e.g. a paused account): a neutral line says why. */
  | { status: 'unavailable'; message: ReactNode };

export interface StatTileProps {
  /** The tile's heading; the tile is a region named by it. */
  title: string;
  state: StatTileState;
  /** Announced while the number loads, e.g. 'Loading users'. */
  loadingMessage: string;
  /** The words after the number; a function when they depend on it (1 user, 2 users). */
  label: ReactNode | ((value: number) => ReactNode);
  link: StatTileLink;
  /** Greys the tile out and drops the link (spec 2.3: banned accounts). */
  disabled?: boolean;
  className?: string;
  'data-testid'?: string;
  /** How the number is written; en-US digits with separators unless told (e.g. a price). */
  formatValue?: (value: number) => ReactNode;
  /** Test id of the number. */
  valueTestId?: string;
  /** Test id of the number with its label. */
  totalTestId?: string;
  /** More under the number, shown only with it (e.g. the POS tile's quick-launch stations). */
  children?: ReactNode;
}

/**
 * A dashboard tile with one big number: loading, the server's error with a retry, or the number
 * with its label; and a link to the page behind it, shown as plain text when disabled.
 */
export function StatTile({
  title,
  state,
  loadingMessage,
  label,
  link,
  disabled = false,
  className,
  'data-testid': testId,
  formatValue = (value) => value.toLocaleString('en-US'),
  valueTestId,
  totalTestId,
  children,
}: StatTileProps) {
  return (
    <Card
      title={title}
      className={cx('pos-stat-tile', className)}
      disabled={disabled}
      data-testid={testId}
    >
      {state.status === 'loading' && <LoadingState inline message={loadingMessage} />}
      {state.status === 'error' && (
        <ErrorState
          className="pos-stat-tile__error"
          message={state.message}
          onRetry={state.onRetry}
        />
      )}
      {state.status === 'unavailable' && (
        <p className="pos-stat-tile__unavailable">{state.message}</p>
      )}
      {state.status === 'success' && (
        <>
          <p className="pos-stat-tile__total" data-testid={totalTestId}>
            <span className="pos-stat-tile__number" data-testid={valueTestId}>
              {formatValue(state.value)}
            </span>
            <span className="pos-stat-tile__label">
              {typeof label === 'function' ? label(state.value) : label}
            </span>
          </p>
          {children}
        </>
      )}
      {disabled ? (
        <span className="pos-stat-tile__link is-disabled">{link.label}</span>
      ) : (
        <Link to={link.to} className="pos-stat-tile__link" data-testid={link['data-testid']}>
          {link.label}
          <Icon name="chevron-right" size={16} />
        </Link>
      )}
    </Card>
  );
}

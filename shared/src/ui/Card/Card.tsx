import type { HTMLAttributes, ReactNode } from 'react';
import { useId } from 'react';
import { cx } from '../cx';
import './Card.css';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** A heading for the card; the card becomes a region named by it. */
  title?: ReactNode;
  /** Heading level of the title, so the card fits the page outline. */
  headingLevel?: 2 | 3 | 4;
  /** Controls at the end of the header (links, buttons). */
  actions?: ReactNode;
  /** Drops the inner padding, for cards that hold a full-bleed table. */
  flush?: boolean;
  /** Greys the card out for banned accounts (spec 2.3: disabled tiles). */
  disabled?: boolean;
  children?: ReactNode;
}

/** A surface that groups related content: dashboard tiles, forms, tables. */
export function Card({
  title,
  headingLevel = 2,
  actions,
  flush = false,
  disabled = false,
  className,
  children,
  ...rest
}: CardProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <section
      {...rest}
      aria-labelledby={title ? headingId : rest['aria-labelledby']}
      aria-disabled={disabled || undefined}
      className={cx('pos-card', flush && 'pos-card--flush', disabled && 'is-disabled', className)}
    >
      {(title || actions) && (
        <header className="pos-card__header">
          {title && (
            <Heading id={headingId} className="pos-card__title">
              {title}
            </Heading>
          )}
          {actions && <div className="pos-card__actions">{actions}</div>}
        </header>
      )}
      <div className="pos-card__body">{children}</div>
    </section>
  );
}

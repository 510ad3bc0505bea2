import type { ReactNode, Ref } from 'react';
import { Link } from '@pos/shared/router';
import { Icon } from '../Icon';
import './PageHeader.css';

/** A link back to the page this one belongs to, shown above the title. */
export interface PageHeaderBack {
  to: string;
  /** The link's visible text, e.g. 'Back to Stations'. */
  label: string;
}

export interface PageHeaderProps {
  /** The route's title: the page's one h1. */
  title: string;
  /** A line under the title. */
  subtitle?: ReactNode;
  /** A link back, e.g. to 'My Applications'. */
  back?: PageHeaderBack;
  /** Controls at the end of the header; on phones they take the full width. */
  actions?: ReactNode;
  /**
   * The h1, for a page that moves focus to it when the control that had focus went away (a
   * deleted row, a dialog's action). The h1 takes focus from script only.
   */
  titleRef?: Ref<HTMLHeadingElement>;
}

/**
 * The top of a remote's page: an optional way back, the h1 with a line under it and the page's
 * actions. The page itself is a column with the class `pos-page`.
 */
export function PageHeader({ title, subtitle, back, actions, titleRef }: PageHeaderProps) {
  return (
    <header className="pos-page-header">
      {back && (
        <Link to={back.to} className="pos-page-header__back">
          <Icon name="arrow-left" size={16} />
          {back.label}
        </Link>
      )}
      <div className="pos-page-header__row">
        <div className="pos-page-header__titles">
          <h1 ref={titleRef} tabIndex={-1} className="pos-page-header__title">
            {title}
          </h1>
          {subtitle && <div className="pos-page-header__subtitle">{subtitle}</div>}
        </div>
        {actions && <div className="pos-page-header__actions">{actions}</div>}
      </div>
    </header>
  );
}

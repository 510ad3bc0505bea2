import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '@pos/shared';
import './PageHeader.css';

export interface PageHeaderProps {
  /** The route's title: the page's one h1. */
  title: string;
  /** A line under the title. */
  subtitle?: ReactNode;
  /** A link back, e.g. to 'My Applications'. */
  back?: { to: string; label: string };
  /** Controls at the end of the header. */
  actions?: ReactNode;
  /**
   * The h1, for a page that moves focus to it when the control that had focus went away (a
   * deleted row, a dialog's action). The h1 takes focus from script only.
   */
  titleRef?: Ref<HTMLHeadingElement>;
}

/** The top of every page of the remote: an optional way back, the h1 and the page's actions. */
export function PageHeader({ title, subtitle, back, actions, titleRef }: PageHeaderProps) {
  return (
    <header className="pos-apps-header">
      {back && (
        <Link to={back.to} className="pos-apps-header__back">
          <Icon name="arrow-left" size={16} />
          {back.label}
        </Link>
      )}
      <div className="pos-apps-header__row">
        <div className="pos-apps-header__titles">
          <h1 ref={titleRef} tabIndex={-1} className="pos-apps-header__title">
            {title}
          </h1>
          {subtitle && <div className="pos-apps-header__subtitle">{subtitle}</div>}
        </div>
        {actions && <div className="pos-apps-header__actions">{actions}</div>}
      </div>
    </header>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '@pos/shared';
import './PageHeader.css';

export interface PageHeaderProps {
  /** The page's one h1. */
  title: string;
  /** A line under the title. */
  subtitle?: ReactNode;
  /** A link back, e.g. to the application. */
  back?: { to: string; label: string };
}

/** The top of every page of the remote: an optional way back, the h1 and a line under it. */
export function PageHeader({ title, subtitle, back }: PageHeaderProps) {
  return (
    <header className="pos-stations-header">
      {back && (
        <Link to={back.to} className="pos-stations-header__back">
          <Icon name="arrow-left" size={16} />
          {back.label}
        </Link>
      )}
      <div className="pos-stations-header__row">
        <div className="pos-stations-header__titles">
          <h1 className="pos-stations-header__title">{title}</h1>
          {subtitle && <div className="pos-stations-header__subtitle">{subtitle}</div>}
        </div>
      </div>
    </header>
  );
}

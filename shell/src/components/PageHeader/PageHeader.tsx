import type { ReactNode } from 'react';
import './PageHeader.css';

export interface PageHeaderProps {
  title: ReactNode;
  /** A short line above the title (a date, a section). */
  eyebrow?: ReactNode;
  description?: ReactNode;
  'data-testid'?: string;
}

/** The top of a shell page: its one h1 and a line saying what the page is for. */
export function PageHeader({
  title,
  eyebrow,
  description,
  'data-testid': testId,
}: PageHeaderProps) {
  return (
    <div className="shell-page-header">
      {eyebrow && <p className="shell-page-header__eyebrow">{eyebrow}</p>}
      <h1 className="shell-page-header__title" data-testid={testId}>
        {title}
      </h1>
      {description && <p className="shell-page-header__description">{description}</p>}
    </div>
  );
}

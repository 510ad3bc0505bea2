import { Icon, cx } from '@pos/shared';
import { useId, type ReactNode } from 'react';

export interface PanelSectionProps {
  title: string;
  /** Beside the heading, outside its name (a count). */
  aside?: ReactNode;
  /** The heading celebrates ('Yay! All tasks completed.'). */
  celebrate?: boolean;
  testId: string;
  headingTestId?: string;
  children: ReactNode;
}

/** A section of the panel (SUPPORT, NEXT STEPS…): a region named by its h3. */
export function PanelSection({
  title,
  aside,
  celebrate = false,
  testId,
  headingTestId,
  children,
}: PanelSectionProps) {
  const headingId = useId();
  return (
    <section
      className={cx('assistant-section', celebrate && 'is-celebrating')}
      aria-labelledby={headingId}
      data-testid={testId}
    >
      <div className="assistant-section__header">
        {celebrate && (
          <span className="assistant-section__badge" aria-hidden="true">
            <Icon name="sparkles" size={18} />
          </span>
        )}
        <h3 id={headingId} className="assistant-section__title" data-testid={headingTestId}>
          {title}
        </h3>
        {aside}
      </div>
      {children}
    </section>
  );
}

import { cx } from '@pos/shared/lean';
import { PRODUCT_NAME } from '../../hooks/useDocumentTitle';
import './BrandLogo.css';

export interface BrandLogoProps {
  /** 'light' for dark backgrounds (sidebar, hero), 'dark' for light ones. */
  tone?: 'light' | 'dark';
  /** Hides the word mark, e.g. in the collapsed sidebar. */
  markOnly?: boolean;
  className?: string;
}

/** The Cloud POS mark and word mark; the word mark carries the name for screen readers. */
export function BrandLogo({ tone = 'dark', markOnly = false, className }: BrandLogoProps) {
  return (
    <span className={cx('shell-brand', `shell-brand--${tone}`, className)}>
      <svg
        className="shell-brand__mark"
        viewBox="0 0 32 32"
        width="32"
        height="32"
        aria-hidden="true"
        focusable="false"
      >
        <rect width="32" height="32" rx="9" fill="#3858e9" />
        <path
          d="M8.5 9.5h15a1.5 1.5 0 0 1 1.5 1.5v7a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 7 18v-7a1.5 1.5 0 0 1 1.5-1.5Z"
          fill="#fff"
        />
        <path d="M10 12.5h6" stroke="#3858e9" strokeWidth="1.6" strokeLinecap="round" />
        <path d="M11 22h10" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
        <circle cx="22" cy="13.2" r="1.3" fill="#7a94ff" />
      </svg>
      <span className={cx('shell-brand__name', markOnly && 'pos-visually-hidden')}>
        {PRODUCT_NAME}
      </span>
    </span>
  );
}

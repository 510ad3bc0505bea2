import { cx } from '@pos/shared';
import type { ReactNode } from 'react';
import { BrandLogo } from '../components/Brand';
import { testIds } from '../testIds';
import './SignedInLayout.css';

/** The side navigation's id, which the mobile menu button controls. */
export const SIDEBAR_ID = 'shell-sidebar';
/** The mobile menu button's name. */
export const OPEN_NAVIGATION = 'Open navigation';

export interface SignedInFrameProps {
  /** The wide screen's sidebar narrowed to its icons. */
  collapsed?: boolean;
  /** The phone's navigation drawer is open: the page behind it is inert. */
  drawerShown?: boolean;
  /** The mobile top bar's button that opens the drawer. */
  menuButton: ReactNode;
  /** The side navigation (the drawer on phones). */
  sidebar: ReactNode;
  /** What covers the page while the drawer is open. */
  backdrop?: ReactNode;
  /** Below the page: the footer. */
  footer?: ReactNode;
  /** After the frame: overlays. */
  overlay?: ReactNode;
  children: ReactNode;
}

/**
 * The signed-in page's frame: skip link, mobile top bar and sidebar, then the page and its
 * footer. The live layout (SignedInLayout) and the server's first paint (firstPaint/) both
 * render it, so the first paint has the live page's markup and takes no other place on screen.
 */
export function SignedInFrame({
  collapsed = false,
  drawerShown = false,
  menuButton,
  sidebar,
  backdrop,
  footer,
  overlay,
  children,
}: SignedInFrameProps) {
  return (
    <div className={cx('shell', collapsed && 'is-collapsed')}>
      <a className="shell-skip-link" href="#shell-main">
        Skip to content
      </a>
      <header className="shell-header">
        <div className="shell-topbar" data-testid={testIds.nav.mobileTopBar}>
          {menuButton}
          <BrandLogo />
        </div>
        {sidebar}
        {drawerShown && backdrop}
      </header>
      <div className="shell-content" inert={drawerShown}>
        <main id="shell-main" className="shell-main" tabIndex={-1}>
          {children}
        </main>
        {footer}
      </div>
      {overlay}
    </div>
  );
}

import type { ReactNode } from 'react';
import { BrandLogo } from '../components/Brand';
import { Footer } from '../components/Footer';
import { needAccessUrl, paths } from '../urls';
import { useShell } from './ShellContext';
import './PublicLayout.css';

/** The frame of pages a signed-out visitor may see besides the landing page. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { config, browser } = useShell();
  return (
    <div className="shell-public">
      <header className="shell-public__header">
        <a href={paths.dashboard} className="shell-public__home" aria-label="Cloud POS home">
          <BrandLogo tone="light" />
        </a>
        <a
          className="shell-public__sign-in"
          href={needAccessUrl(config.loginProviderUrl, browser.origin)}
        >
          Sign In
        </a>
      </header>
      <main className="shell-public__main">{children}</main>
      <Footer />
    </div>
  );
}

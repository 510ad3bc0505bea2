// The onboarding popup's entry (popup.html): its own slim bundle, rendered by Preact through
// preact/compat (webpack aliases react and react-dom), without the shell's router, api client,
// remotes or side navigation. Spec 2.12, issue 15.
import '@pos/shared/tokens.css';
import { decodeToken, nowSeconds, TOKEN_STORAGE_KEY } from '@pos/shared/lean';
import { createRoot } from 'react-dom/client';
import { storageKeys } from '../app/storageKeys';
import { parseConfig } from '../config/runtimeConfig';
import { needAccessUrl, needRegisterUrl, runtimeFiles } from '../urls';
import { homeOriginOf, popupModeOf, storeWindowOf } from './messages';
import type { PopupAccount } from './ConfirmStore';
import { PopupApp, type PopupEnvironment } from './PopupApp';

function storedToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Seconds a token must still have before it expires to be worth sending to the api. */
const TOKEN_MARGIN_SECONDS = 30;

/**
 * Whether the stored token can sign the popup's calls: it decodes (exp, nra, sub) and its exp
 * is still ahead. The popup refreshes nothing: past exp (even within nra) the provider signs the
 * person in again and sends a fresh token back through /login/{token}.
 */
function usable(token: string | null): boolean {
  const claims = decodeToken(token);
  return claims !== null && claims.exp > nowSeconds() + TOKEN_MARGIN_SECONDS;
}

/** Whom a token names, for the confirm page; null when it names nobody. */
function accountOf(token: string | null): PopupAccount | null {
  const claims = decodeToken(token);
  if (!claims) return null;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);
  const account = { name: text(claims.name), email: text(claims.email) };
  return account.name || account.email ? account : null;
}

async function main(root: HTMLElement): Promise<void> {
  const response = await fetch(runtimeFiles.config, {
    cache: 'no-store',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`${runtimeFiles.config} answered ${response.status}`);
  const config = parseConfig(await response.json());
  const { pathname, search, origin } = window.location;
  const token = storedToken();
  const mode = popupModeOf(window);
  const homeUrl = new URLSearchParams(search).get('homeUrl');
  const environment: PopupEnvironment = {
    input: {
      pathname,
      search,
      signedIn: usable(token),
      needAccessUrl: needAccessUrl(config.loginProviderUrl, origin),
      needRegisterUrl: needRegisterUrl(config.loginProviderUrl, origin),
    },
    homeUrl: homeOriginOf(homeUrl) ? homeUrl : null,
    mode,
    storeWindow: storeWindowOf(window, mode),
    origin,
    supportEmail: config.supportEmail,
    account: accountOf(token),
    closeWindow: () => window.close(),
    services: {
      fetch: window.fetch.bind(window),
      token,
      cloudPosUrl: config.cloudPosUrl,
      sessionStorage: window.sessionStorage,
      redirectKey: storageKeys.redirectPath,
      assign: (url) => window.location.assign(url),
    },
  };
  createRoot(root).render(<PopupApp environment={environment} />);
}

const root = document.getElementById('root');
if (root) {
  main(root).catch((error: unknown) => {
    console.error('The onboarding popup could not start', error);
    root.textContent = 'Error!';
  });
}

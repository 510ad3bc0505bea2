import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { BrowserRouter } from '@pos/shared/router';
import { createApiClient } from '../api/client';
import { EventBus } from '../bus/EventBus';
import { SessionStore } from '../session/SessionStore';
import { DevHarness, type DevPageOptions, type DevServices } from './DevHarness';

/**
 * Starts a remote's standalone dev page in `#root`: its own bus, session and api client, so the
 * remote can be developed without the shell. A token in the address (`?token=…`) is kept, so a
 * token copied from the dashboard is enough. Returns the services and the React root, or null
 * when the page has no `#root`.
 */
export function startDevPage(options: DevPageOptions): (DevServices & { root: Root }) | null {
  const bus = new EventBus();
  const session = new SessionStore(bus);
  const api = createApiClient(session, bus);

  const tokenFromUrl = new URLSearchParams(window.location.search).get('token');
  if (tokenFromUrl) session.setToken(tokenFromUrl);

  const container = document.getElementById('root');
  if (!container) return null;
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <BrowserRouter>
        <DevHarness bus={bus} session={session} api={api} {...options} />
      </BrowserRouter>
    </StrictMode>,
  );
  return { bus, session, api, root };
}

// The standalone dev page: the applications pages with their own bus, session and api client, so the
// remote can be developed without the shell (`pnpm --filter @pos/mf-applications dev`).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { EventBus, SessionStore, createApiClient } from '@pos/shared';
import { DevPage } from './dev/DevPage';

const bus = new EventBus();
const session = new SessionStore(bus);
const api = createApiClient(session, bus);

// A token in the address (?token=…) is kept, so a token copied from the dashboard is enough.
const tokenFromUrl = new URLSearchParams(window.location.search).get('token');
if (tokenFromUrl) session.setToken(tokenFromUrl);

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <DevPage bus={bus} session={session} api={api} />
      </BrowserRouter>
    </StrictMode>,
  );
}

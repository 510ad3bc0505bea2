import type { AxiosInstance } from 'axios';
import { useContext, useEffect, useState, useSyncExternalStore } from 'react';
import {
  NavLink,
  Navigate,
  Route,
  Routes,
  UNSAFE_NavigationContext,
  useLocation,
} from 'react-router-dom';
import {
  Button,
  ParcelProvider,
  TextInput,
  type Bubble,
  type EventBus,
  type SessionStore,
  type Viewer,
} from '@pos/shared';
import { ADMIN_PANEL_PATH } from '../urls';
import { AdminPanel } from '../views/AdminPanel';
import { UsersTile } from '../views/UsersTile';
import './DevPage.css';

interface DevPageProps {
  bus: EventBus;
  session: SessionStore;
  api: AxiosInstance;
}

/** Bubbles stay as long as the shell keeps them (spec 9). */
const BUBBLE_MS = 15_000;

function useToken(session: SessionStore): string | null {
  return useSyncExternalStore(
    (onChange) => {
      const subscription = session.token$.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    () => session.token,
  );
}

function TokenForm({ session }: { session: SessionStore }) {
  const [token, setToken] = useState('');
  return (
    <form
      className="pos-dev__token"
      onSubmit={(event) => {
        event.preventDefault();
        session.setToken(token.trim() || null);
      }}
    >
      <p>
        Sign in on the dashboard (or the sandbox login provider) as an admin, then paste the access
        token here. It is kept in local storage like the shell keeps it.
      </p>
      <TextInput
        label="Access token"
        value={token}
        onChange={(event) => setToken(event.target.value)}
      />
      <Button type="submit">Use token</Button>
    </form>
  );
}

function Bubbles({ bus }: { bus: EventBus }) {
  const [bubbles, setBubbles] = useState<Bubble[]>([]);
  useEffect(() => {
    let next = 0;
    const subscription = bus.on('notify', ({ message, status }) => {
      const id = `dev-${(next += 1)}`;
      setBubbles((list) => [...list, { id, message, status }]);
      setTimeout(() => setBubbles((list) => list.filter((bubble) => bubble.id !== id)), BUBBLE_MS);
    });
    return () => subscription.unsubscribe();
  }, [bus]);
  return (
    <div className="pos-dev__bubbles" role="status" aria-live="polite">
      {bubbles.map((bubble) => (
        <p key={bubble.id} className={`pos-dev__bubble pos-dev__bubble--${bubble.status}`}>
          {bubble.message}
        </p>
      ))}
    </div>
  );
}

/** The admin panel and its tile as the shell would mount them, with parcel props made here. */
export function DevPage({ bus, session, api }: DevPageProps) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const location = useLocation();
  const token = useToken(session);
  const claims = session.claims;
  const viewer: Viewer = {
    userRole: 'manager',
    isAdmin: Boolean(claims?.isAdmin),
    isBanned: false,
    fullName: claims?.name ?? null,
    email: claims?.email ?? null,
  };

  return (
    <ParcelProvider
      value={{ bus, session, api, basePath: ADMIN_PANEL_PATH, viewer, navigator, location }}
    >
      <div className="pos-dev">
        <header className="pos-dev__bar">
          <strong>mf_admin · standalone</strong>
          <nav aria-label="Dev pages">
            <NavLink to="/">Tile</NavLink>
            <NavLink to={ADMIN_PANEL_PATH}>Admin Panel</NavLink>
          </nav>
          {token && (
            <Button variant="ghost" size="sm" onClick={() => session.setToken(null)}>
              Forget token
            </Button>
          )}
        </header>
        <main className="pos-dev__main">
          {token ? (
            <Routes>
              <Route
                path="/"
                element={
                  <div className="pos-dev__tile">
                    <UsersTile />
                  </div>
                }
              />
              <Route path={ADMIN_PANEL_PATH} element={<AdminPanel />} />
              <Route path="*" element={<Navigate to={ADMIN_PANEL_PATH} replace />} />
            </Routes>
          ) : (
            <TokenForm session={session} />
          )}
        </main>
        <Bubbles bus={bus} />
      </div>
    </ParcelProvider>
  );
}

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
import { MY_APPLICATIONS } from '../texts';
import {
  APPLICATIONS_PATH,
  APPLICATION_CREATE_PATH,
  APPLICATION_DETAIL_PATTERN,
  WC_AUTHORIZATION_PATH,
} from '../urls';
import { ApplicationCreate } from '../views/ApplicationCreate';
import { ApplicationDetail } from '../views/ApplicationDetail';
import { ApplicationList } from '../views/ApplicationList';
import { ApplicationsTile } from '../views/ApplicationsTile';
import { WcAuthorization } from '../views/WcAuthorization';
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
        Sign in on the dashboard (or the sandbox login provider) as a manager, then paste the access
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

/** The applications pages and tile as the shell would mount them, with parcel props made here. */
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
      value={{ bus, session, api, basePath: APPLICATIONS_PATH, viewer, navigator, location }}
    >
      <div className="pos-dev">
        <header className="pos-dev__bar">
          <strong>mf_applications · standalone</strong>
          <nav aria-label="Dev pages">
            <NavLink to="/" end>
              Tile
            </NavLink>
            <NavLink to={APPLICATIONS_PATH} end>
              {MY_APPLICATIONS}
            </NavLink>
            <NavLink to={APPLICATION_CREATE_PATH}>Create Application</NavLink>
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
                    <ApplicationsTile />
                  </div>
                }
              />
              <Route path={APPLICATIONS_PATH} element={<ApplicationList />} />
              <Route path={APPLICATION_CREATE_PATH} element={<ApplicationCreate />} />
              <Route path={APPLICATION_DETAIL_PATTERN} element={<ApplicationDetail />} />
              <Route path={WC_AUTHORIZATION_PATH} element={<WcAuthorization />} />
              <Route path="*" element={<Navigate to={APPLICATIONS_PATH} replace />} />
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

import type { AxiosInstance } from 'axios';
import { useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Form } from 'react-final-form';
import {
  NavLink,
  Navigate,
  Route,
  Routes,
  UNSAFE_NavigationContext,
  useLocation,
} from '@pos/shared/router';
import type { EventBus } from '../bus/EventBus';
import { ParcelProvider } from '../contract/lifecycles';
import type { StripeConfig, Viewer } from '../contract/types';
import type { SessionStore } from '../session/SessionStore';
import type { Bubble } from '../types/entities';
import { Button } from '../ui/Button';
import { TextField } from '../ui/FormFields';
import './DevHarness.css';

/** One page of a remote's standalone dev page. */
export interface DevPage {
  /** The route pattern, as the shell would route it (e.g. '/applications/:id'). */
  path: string;
  element: ReactNode;
  /** The link's text in the page switcher; pages without one are reached by their own links. */
  label?: string;
  /** The switcher's link is active on this exact path only. */
  end?: boolean;
  /** Shown at a dashboard tile's width. */
  tile?: boolean;
}

/** What a remote tells the dev page about itself. */
export interface DevPageOptions {
  /** Shown in the bar, e.g. 'mf_admin · standalone'. */
  title: string;
  /** The parcels' base path, as the shell passes it. */
  basePath: string;
  /** Origin of the cloud POS addresses; the local stack's (http://127.0.0.1:4300) unless given. */
  cloudPosUrl?: string;
  /**
   * Stripe.js's location and publishable key; the local payments sandbox's Stripe.js
   * (http://127.0.0.1:4600/v3/) with no key unless given (the key is made per data folder).
   */
  stripe?: StripeConfig;
  /** The sales address 'Contact Sales' writes to; the local stack's unless given. */
  salesEmail?: string;
  pages: DevPage[];
  /** Where an address no page matches goes. */
  fallbackPath: string;
  /** Who should sign in for the token, e.g. 'an admin' or 'a manager'. */
  signInAs: string;
}

/** The services the shell would give a parcel. */
export interface DevServices {
  bus: EventBus;
  session: SessionStore;
  api: AxiosInstance;
}

/** The local stack's Stripe.js (the payments sandbox); its key lives in the data folder. */
const LOCAL_STRIPE: StripeConfig = { publishableKey: '', jsUrl: 'http://127.0.0.1:4600/v3/' };

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

function TokenForm({ session, signInAs }: { session: SessionStore; signInAs: string }) {
  return (
    <Form<{ token?: string }>
      onSubmit={({ token = '' }) => session.setToken(token.trim() || null)}
      subscription={{}}
      render={({ handleSubmit }) => (
        <form className="pos-dev__token" onSubmit={(event) => void handleSubmit(event)}>
          <p>
            Sign in on the dashboard (or the sandbox login provider) as {signInAs}, then paste the
            access token here. It is kept in local storage like the shell keeps it.
          </p>
          <TextField name="token" label="Access token" />
          <Button type="submit">Use token</Button>
        </form>
      )}
    />
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

/**
 * A remote's pages and tiles as the shell would mount them, with parcel props made here: a bar
 * with the page switcher, a token box until a token is set, and the bus's bubbles. Needs a
 * router around it.
 */
export function DevHarness({
  bus,
  session,
  api,
  title,
  basePath,
  cloudPosUrl = 'http://127.0.0.1:4300',
  stripe = LOCAL_STRIPE,
  salesEmail = 'sales@cloudpos.example',
  pages,
  fallbackPath,
  signInAs,
}: DevPageOptions & DevServices) {
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
      value={{
        bus,
        session,
        api,
        basePath,
        cloudPosUrl,
        stripe,
        salesEmail,
        viewer,
        navigator,
        location,
      }}
    >
      <div className="pos-dev">
        <header className="pos-dev__bar">
          <strong>{title}</strong>
          <nav aria-label="Dev pages">
            {pages.map(
              (page) =>
                page.label !== undefined && (
                  <NavLink key={page.path} to={page.path} end={page.end}>
                    {page.label}
                  </NavLink>
                ),
            )}
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
              {pages.map((page) => (
                <Route
                  key={page.path}
                  path={page.path}
                  element={
                    page.tile ? <div className="pos-dev__tile">{page.element}</div> : page.element
                  }
                />
              ))}
              <Route path="*" element={<Navigate to={fallbackPath} replace />} />
            </Routes>
          ) : (
            <TokenForm session={session} signInAs={signInAs} />
          )}
        </main>
        <Bubbles bus={bus} />
      </div>
    </ParcelProvider>
  );
}

import {
  Component as ReactComponent,
  StrictMode,
  createContext,
  useContext,
  type ComponentType,
  type ReactNode,
} from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Router } from '@pos/shared/router';
import { ErrorState } from '../ui/ErrorState';
import type { ParcelLifecycles, ParcelProps } from './types';

const ParcelContext = createContext<ParcelProps | null>(null);

/** The props the shell gave the parcel this component renders in. */
export function useParcel(): ParcelProps {
  const props = useContext(ParcelContext);
  if (!props)
    throw new Error('useParcel must be used inside a parcel created by createReactParcel');
  return props;
}

/** Provides parcel props to a tree rendered outside the shell (standalone dev pages, tests). */
export const ParcelProvider = ParcelContext.Provider;

/**
 * A parcel renders in a React root of its own, out of reach of the shell's error boundaries:
 * a render error (say, a remote built against a newer `@pos/shared` than the shell serves)
 * would leave its slot blank. This shows the error state with a retry instead.
 */
export class ParcelErrorBoundary extends ReactComponent<
  { children: ReactNode },
  { error: Error | null }
> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error('A part of the page failed to render', error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <ErrorState
        title="This part of the page could not be shown"
        message="Try again, or reload the page if it keeps failing."
        onRetry={() => this.setState({ error: null })}
      />
    );
  }
}

/**
 * Builds single-spa parcel lifecycles that render `Component` with React, inside the shell's
 * router (its navigator and location), so links and navigation of a remote move the one history.
 */
export function createReactParcel(Component: ComponentType): ParcelLifecycles {
  // One lifecycles object may be mounted several times at once (single-spa names each parcel);
  // updates may come without the DOM element, so each mount remembers its own.
  const mounts = new Map<string, { root: Root; domElement: HTMLElement }>();
  const keyOf = (props: object) => String((props as { name?: unknown }).name ?? 'parcel');
  const render = (root: Root, parcelProps: ParcelProps) => {
    root.render(
      <StrictMode>
        <ParcelContext.Provider value={parcelProps}>
          <Router location={parcelProps.location} navigator={parcelProps.navigator}>
            <ParcelErrorBoundary>
              <Component />
            </ParcelErrorBoundary>
          </Router>
        </ParcelContext.Provider>
      </StrictMode>,
    );
  };
  const withoutElement = (props: ParcelProps & { domElement?: HTMLElement }): ParcelProps => {
    const { domElement: _domElement, ...parcelProps } = props;
    return parcelProps;
  };
  return {
    bootstrap: async () => {},
    mount: async (props) => {
      const root = createRoot(props.domElement);
      mounts.set(keyOf(props), { root, domElement: props.domElement });
      render(root, withoutElement(props));
    },
    update: async (props) => {
      const mounted = mounts.get(keyOf(props));
      if (mounted) render(mounted.root, withoutElement(props));
    },
    unmount: async (props) => {
      mounts.get(keyOf(props))?.root.unmount();
      mounts.delete(keyOf(props));
    },
  };
}

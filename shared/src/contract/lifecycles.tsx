import { StrictMode, createContext, useContext, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Router } from 'react-router-dom';
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
            <Component />
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

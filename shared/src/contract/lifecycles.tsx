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
  const roots = new WeakMap<HTMLElement, Root>();
  const render = (props: ParcelProps & { domElement: HTMLElement }) => {
    const { domElement, ...parcelProps } = props;
    let root = roots.get(domElement);
    if (!root) {
      root = createRoot(domElement);
      roots.set(domElement, root);
    }
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
  return {
    bootstrap: async () => {},
    mount: async (props) => render(props),
    update: async (props) => render(props),
    unmount: async ({ domElement }) => {
      roots.get(domElement)?.unmount();
      roots.delete(domElement);
    },
  };
}

import type { ParcelLifecycles, RemoteContract } from '@pos/shared';

/** Parcel lifecycles that render `text` into their element, for tests. */
export function textParcel(text: string): ParcelLifecycles {
  return {
    bootstrap: async () => {},
    mount: async ({ domElement }) => {
      domElement.textContent = text;
    },
    update: async () => {},
    unmount: async ({ domElement }) => {
      domElement.textContent = '';
    },
  };
}

/** A well-formed contract of a remote named `name`, with overridable parts. */
export function makeContract(name: string, parts: Partial<RemoteContract> = {}): RemoteContract {
  return { name, routes: [], navItems: [], tiles: [], ...parts };
}

import type { RemoteEntry } from '../config/runtimeConfig';

const words = (text: string): string =>
  text
    .split(/[-_/\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

/** The name people see for a remote: its own title, else its first route, else its name. */
export function remoteTitle(remote: RemoteEntry): string {
  if (remote.title) return remote.title;
  const firstRoute = remote.routes[0]?.split('/').find(Boolean);
  if (firstRoute) return words(firstRoute);
  return words(remote.name.replace(/^mf_/, ''));
}

import { useMatch } from '@pos/shared/router';

/**
 * The application id in the address, for a page of `pattern`. A remote's parcel renders in the
 * shell's router but outside its <Routes>, so the id is matched from the location rather than
 * read with useParams.
 */
export function useRouteId(pattern: string): string | null {
  return useMatch(pattern)?.params.id ?? null;
}

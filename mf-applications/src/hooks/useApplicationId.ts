import { useMatch } from '@pos/shared/router';
import { APPLICATION_DETAIL_PATTERN } from '../urls';

/**
 * The id of the application in the address. A remote's parcel renders in the shell's router but
 * outside its <Routes>, so the id is matched from the location rather than read with useParams.
 */
export function useApplicationId(): string | null {
  return useMatch(APPLICATION_DETAIL_PATTERN)?.params.id ?? null;
}

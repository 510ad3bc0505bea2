import { Icon } from '@pos/shared';
import { applicationsTestIds } from '../../testIds';
import { keyNotRevokedMessage, keyRevokedMessage } from '../../texts';
import { storeHost } from '../../urls';

/**
 * After Disconnect: whether the store's Read/Write key was revoked (through the Cloud POS
 * plugin) or is still active and where the owner revokes it. A status region, so it is read out
 * when it appears.
 */
export function KeyOutcome({ keyRevoked, homeUrl }: { keyRevoked: boolean; homeUrl: string }) {
  const host = storeHost(homeUrl);
  return (
    <p
      role="status"
      className={
        keyRevoked ? 'pos-apps-auth__key-outcome' : 'pos-apps-auth__key-outcome is-warning'
      }
      data-testid={applicationsTestIds.auth.keyOutcome}
    >
      <Icon name={keyRevoked ? 'check' : 'key'} size={16} />
      <span>{keyRevoked ? keyRevokedMessage(host) : keyNotRevokedMessage(host)}</span>
    </p>
  );
}

import { EmptyState, Icon, cx } from '@pos/shared';
import { Link } from '@pos/shared/router';
import { staffTestIds } from '../../testIds';
import {
  CONNECT_APPLICATION,
  CONNECT_APPLICATION_HINT,
  DOWNLOAD_ADDON,
  GO_TO_APPLICATIONS,
  NO_STAFF,
  NO_STAFF_HINT,
  downloadAddonHint,
} from '../../texts';
import { APPLICATIONS_PATH } from '../../urls';
import { AddonDownloadLink } from '../AddonDownloadLink';

const ids = staffTestIds.list;
const linkButton = cx('pos-button', 'pos-button--secondary', 'pos-button--sm');

/** Why the staff table has no rows (spec 2.6). */
export type StaffEmptyReason =
  | { reason: 'no-application' }
  | { reason: 'addon-inactive'; applicationName: string }
  | { reason: 'no-staff' };

/**
 * The staff table's one row when it lists nobody, in the spec's words: no verified application
 * (with the way to Applications), the store without the Cloud POS Staff add-on (with its
 * download), or no staff yet.
 */
export function StaffEmptyState(props: StaffEmptyReason) {
  switch (props.reason) {
    case 'no-application':
      return (
        <EmptyState
          icon="applications"
          title={CONNECT_APPLICATION}
          message={CONNECT_APPLICATION_HINT}
          data-testid={ids.connectApplication}
          action={
            <Link
              to={APPLICATIONS_PATH}
              className={linkButton}
              data-testid={ids.connectApplicationLink}
            >
              <span className="pos-button__label">{GO_TO_APPLICATIONS}</span>
              <Icon name="arrow-right" size={16} />
            </Link>
          }
        />
      );
    case 'addon-inactive':
      return (
        <EmptyState
          icon="plug"
          title={DOWNLOAD_ADDON}
          message={downloadAddonHint(props.applicationName)}
          data-testid={ids.downloadAddon}
          action={<AddonDownloadLink data-testid={ids.downloadAddonLink} />}
        />
      );
    case 'no-staff':
      return (
        <EmptyState icon="staff" title={NO_STAFF} message={NO_STAFF_HINT} data-testid={ids.empty} />
      );
  }
}

import { Icon, cx } from '@pos/shared';
import { DOWNLOAD_ADDON_LINK } from '../../texts';
import { STAFF_ADDON_DOWNLOAD_PATH } from '../../urls';

const linkButton = cx('pos-button', 'pos-button--secondary', 'pos-button--sm');

/**
 * The Cloud POS Staff add-on's download (served by the dashboard), where a store without the
 * add-on stops the staff pages: the list's empty state and the create form's refusal.
 */
export function AddonDownloadLink({ 'data-testid': testId }: { 'data-testid': string }) {
  return (
    <a href={STAFF_ADDON_DOWNLOAD_PATH} download className={linkButton} data-testid={testId}>
      <Icon name="download" size={16} />
      <span className="pos-button__label">{DOWNLOAD_ADDON_LINK}</span>
    </a>
  );
}

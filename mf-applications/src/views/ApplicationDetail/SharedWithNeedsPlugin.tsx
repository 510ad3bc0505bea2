import { Card } from '@pos/shared';
import { PluginPrompt } from '@pos/shared/store-kit';
import { applicationsTestIds } from '../../testIds';
import { SHARING_NEEDS_PLUGIN, sharingNeedsPluginMessage } from '../../texts';
import type { Application } from '../../types';

const ids = applicationsTestIds.sharedWith;

/**
 * The 'Shared with' card of an application whose store lacks the Cloud POS plugin: the store
 * cannot list its users or send invitations, so the card says so, with the plugin's download,
 * instead of asking the api for a table it cannot fill.
 */
export function SharedWithNeedsPlugin({ application }: { application: Application }) {
  return (
    <Card title="Shared with" flush className="pos-apps-detail__shared" data-testid={ids.section}>
      <PluginPrompt
        title={SHARING_NEEDS_PLUGIN}
        message={sharingNeedsPluginMessage(application.name)}
        data-testid={ids.pluginPrompt}
      />
    </Card>
  );
}

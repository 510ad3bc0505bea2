import { Toggle } from '@pos/shared';
import type { useAssistantSettings } from '../../hooks/useAssistantSettings';
import { assistantTestIds } from '../../testIds';
import { SECTIONS, SHOW_ASSISTANT_IN_POS, SHOW_ASSISTANT_IN_POS_HINT } from '../../texts';
import { PanelSection } from './PanelSection';

const ids = assistantTestIds;

/**
 * SETTINGS (spec 2.11): the switch 'Show Assistant in POS', off and disabled until the settings
 * have loaded, busy while a change saves, and the failure's words under it.
 */
export function SettingsSection({
  settings,
}: {
  settings: ReturnType<typeof useAssistantSettings>;
}) {
  return (
    <PanelSection title={SECTIONS.settings} testId={ids.sections.settings}>
      <div className="assistant-setting">
        <Toggle
          label={SHOW_ASSISTANT_IN_POS}
          checked={settings.settings?.showAssistantInPOS ?? false}
          disabled={settings.settings === null}
          busy={settings.saving}
          labelFirst
          className="assistant-setting__toggle"
          onChange={(show) => void settings.setShowInPos(show)}
          data-testid={ids.settings.showInPos}
        />
        <p className="assistant-setting__hint">{SHOW_ASSISTANT_IN_POS_HINT}</p>
        {settings.error && (
          <p className="assistant-setting__error" role="alert" data-testid={ids.settings.error}>
            {settings.error}
          </p>
        )}
      </div>
    </PanelSection>
  );
}

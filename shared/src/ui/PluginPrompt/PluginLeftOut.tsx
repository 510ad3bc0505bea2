import { Icon, cx } from '@pos/shared';
import { PluginDownloadLink } from './PluginPrompt';
import { PLUGIN_INSTALL_STEPS, pluginLeftOut } from './pluginTexts';
import '@pos/shared/store-kit.css';

export interface PluginLeftOutProps {
  /** How many stores the list left out because they lack the Cloud POS plugin. */
  count: number;
  /** Without where to install it (a dashboard tile): the link's page says that. */
  compact?: boolean;
  className?: string;
  'data-testid'?: string;
}

/**
 * The note under a list that leaves out stores without the Cloud POS plugin: how many, and the
 * plugin's download link with where to install it. Nothing when no store was left out.
 */
export function PluginLeftOut({
  count,
  compact = false,
  className,
  'data-testid': testId,
}: PluginLeftOutProps) {
  if (count <= 0) return null;
  return (
    <div className={cx('pos-plugin-left-out', className)} data-testid={testId}>
      <Icon name="plug" size={16} className="pos-plugin-left-out__icon" />
      <p className="pos-plugin-left-out__text">
        <span className="pos-plugin-left-out__count">{pluginLeftOut(count)}.</span>{' '}
        <PluginDownloadLink />
        {!compact && <span> {PLUGIN_INSTALL_STEPS}</span>}
      </p>
    </div>
  );
}

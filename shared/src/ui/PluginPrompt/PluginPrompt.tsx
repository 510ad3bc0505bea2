import type { ReactNode } from 'react';
// The download link wears the kit's button classes: their CSS comes with the kit imported here.
import { Icon, cx } from '@pos/shared';
import { DOWNLOAD_PLUGIN, PLUGIN_DOWNLOAD_PATH, PLUGIN_INSTALL_STEPS } from './pluginTexts';
import '@pos/shared/store-kit.css';

export interface PluginPromptProps {
  /** What needs the plugin, in plain words: 'Stations need the Cloud POS plugin'. */
  title: ReactNode;
  /** Why, or what the store lacks, in a sentence. */
  message?: ReactNode;
  /**
   * `panel` takes the place of a list or a page's content; `inline` fits one line of facts
   * (the application page's 'View Stations').
   */
  layout?: 'panel' | 'inline';
  className?: string;
  'data-testid'?: string;
}

/**
 * Says that a feature needs the Cloud POS plugin on the store, with the plugin's download link
 * and where to install it. It takes the place of what the feature would show: it is not an
 * error (no alert, no retry), and nothing is loading.
 */
export function PluginPrompt({
  title,
  message,
  layout = 'panel',
  className,
  'data-testid': testId,
}: PluginPromptProps) {
  return (
    <div
      className={cx('pos-plugin-prompt', `pos-plugin-prompt--${layout}`, className)}
      data-testid={testId}
    >
      {layout === 'panel' && (
        <span className="pos-plugin-prompt__icon" aria-hidden="true">
          <Icon name="plug" size={24} />
        </span>
      )}
      <div className="pos-plugin-prompt__body">
        <p className="pos-plugin-prompt__title">{title}</p>
        {message && <p className="pos-plugin-prompt__message">{message}</p>}
        <p className="pos-plugin-prompt__steps">
          <PluginDownloadLink variant={layout === 'panel' ? 'button' : 'link'} />
          <span>{PLUGIN_INSTALL_STEPS}</span>
        </p>
      </div>
    </div>
  );
}

/** The plugin's download link, as a button-like link or as a plain one inside text. */
export function PluginDownloadLink({
  variant = 'link',
  'data-testid': testId,
}: {
  variant?: 'button' | 'link';
  'data-testid'?: string;
}) {
  return (
    <a
      href={PLUGIN_DOWNLOAD_PATH}
      download
      className={
        variant === 'button'
          ? cx('pos-button', 'pos-button--secondary', 'pos-button--sm')
          : 'pos-plugin-prompt__link'
      }
      data-testid={testId}
    >
      <Icon name="download" size={16} />
      <span className={variant === 'button' ? 'pos-button__label' : undefined}>
        {DOWNLOAD_PLUGIN}
      </span>
    </a>
  );
}

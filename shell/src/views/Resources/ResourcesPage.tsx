import { Icon, type IconName } from '@pos/shared';
import { useShell } from '../../app/ShellContext';
import type { ConfigLinks } from '../../config/runtimeConfig';
import { PageHeader } from '../../components/PageHeader';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { testIds } from '../../testIds';
import './ResourcesPage.css';

interface Resource {
  key: keyof ConfigLinks;
  title: string;
  text: string;
  icon: IconName;
}

/** The help links of spec 1, in its order and words. */
export const RESOURCES: readonly Resource[] = [
  {
    key: 'quickStart',
    title: 'Quick Start Guide',
    text: 'Connect your first store and open a station in a few steps.',
    icon: 'rocket',
  },
  {
    key: 'support',
    title: 'Support',
    text: 'Ask our team about your account, your stations or billing.',
    icon: 'life-buoy',
  },
  {
    key: 'documentation',
    title: 'Documentation',
    text: 'Every feature of the dashboard and the POS, explained.',
    icon: 'book',
  },
  {
    key: 'paymentGuide',
    title: 'Payment Guide',
    text: 'Set up payment methods and card readers for your stations.',
    icon: 'plan',
  },
  {
    key: 'integrations',
    title: 'Integrations',
    text: 'Extend the POS with the WooCommerce plugins and services you use.',
    icon: 'plug',
  },
  {
    key: 'hardware',
    title: 'Hardware',
    text: 'Receipt printers, barcode scanners and cash drawers that work with Cloud POS.',
    icon: 'stations',
  },
];

/** /resources: help links that open in a new tab. */
export function ResourcesPage() {
  const { config } = useShell();
  useDocumentTitle('Resources');
  return (
    <div data-testid={testIds.resources.root}>
      <PageHeader
        title="Resources"
        description="Guides and help for getting the most out of Cloud POS."
      />
      <ul className="shell-resources">
        {RESOURCES.map((resource) => (
          <li key={resource.key}>
            <a
              className="shell-resource"
              href={config.links[resource.key]}
              target="_blank"
              rel="noopener noreferrer"
              data-testid={testIds.resources.link(resource.key)}
            >
              <span className="shell-resource__icon" aria-hidden="true">
                <Icon name={resource.icon} size={22} />
              </span>
              <span className="shell-resource__title">
                {resource.title}
                <Icon name="external" size={16} className="shell-resource__external" />
              </span>
              <span className="shell-resource__text">{resource.text}</span>
              <span className="pos-visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

import type { NavWidgetEntry } from '../../routing/navItems';
import { ParcelSlot } from '../../remotes/ParcelSlot';
import { testIds } from '../../testIds';
import { paths } from '../../urls';
import { SlotErrorBoundary } from '../ErrorBoundary';

/**
 * The remotes' widgets of the side navigation (the Assistant's progress), each a parcel in a
 * slot of its own: loading shows a small spinner, a failure one line with 'Try again', and the
 * rest of the navigation goes on. Each slot is an inline-size container named nav-widget.
 */
export function NavWidgetSlots({ widgets }: { widgets: readonly NavWidgetEntry[] }) {
  if (widgets.length === 0) return null;
  return (
    <div className="shell-nav-widgets">
      {widgets.map(({ owner, widget }) => (
        <div
          key={`${owner}:${widget.id}`}
          className="shell-nav-widget"
          data-testid={testIds.nav.widget(widget.id)}
        >
          <SlotErrorBoundary title={widget.title} compact>
            <ParcelSlot
              title={widget.title}
              load={widget.load}
              basePath={paths.dashboard}
              compact
            />
          </SlotErrorBoundary>
        </div>
      ))}
    </div>
  );
}

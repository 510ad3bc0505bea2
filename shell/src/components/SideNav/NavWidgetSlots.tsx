import { LoadingState } from '@pos/shared';
import type { CSSProperties } from 'react';
import type { NavWidgetEntry } from '../../routing/navItems';
import { ParcelSlot } from '../../remotes/ParcelSlot';
import { testIds } from '../../testIds';
import { paths } from '../../urls';
import { SlotError, SlotErrorBoundary } from '../ErrorBoundary';

/** The reserved height of a declared widget (SideNav.css reads it, open and collapsed). */
const reservedStyle = ({ reserved }: NavWidgetEntry): CSSProperties | undefined =>
  reserved
    ? ({
        '--shell-nav-widget-height': `${reserved.height}px`,
        '--shell-nav-widget-collapsed-height': `${reserved.collapsedHeight}px`,
      } as CSSProperties)
    : undefined;

/**
 * The remotes' widgets of the side navigation (the Assistant's progress), each a parcel in a
 * slot of its own: loading shows a small spinner, a failure one line with 'Try again', and the
 * rest of the navigation goes on. Each slot is an inline-size container named nav-widget; a
 * widget declared in remotes.json has its height from the first paint on, so its arrival moves
 * nothing. Without `onRetry` (the server's first paint) every slot is still loading.
 */
export function NavWidgetSlots({
  widgets,
  onRetry,
}: {
  widgets: readonly NavWidgetEntry[];
  onRetry?: (owner: string) => void;
}) {
  if (widgets.length === 0) return null;
  return (
    <div className="shell-nav-widgets">
      {widgets.map((entry) => {
        const { owner, widget } = entry;
        return (
          <div
            key={`${owner}:${widget.id}`}
            className="shell-nav-widget"
            data-reserved={entry.reserved ? '' : undefined}
            style={reservedStyle(entry)}
            data-testid={testIds.nav.widget(widget.id)}
          >
            {'load' in widget ? (
              <SlotErrorBoundary title={widget.title} compact>
                <ParcelSlot
                  title={widget.title}
                  load={widget.load}
                  basePath={paths.dashboard}
                  compact
                />
              </SlotErrorBoundary>
            ) : entry.failed && onRetry ? (
              <SlotError title={widget.title} compact onRetry={() => onRetry(owner)} />
            ) : (
              <div className="shell-parcel" data-status="loading" aria-busy="true">
                <LoadingState inline message={`Loading ${widget.title}…`} />
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}

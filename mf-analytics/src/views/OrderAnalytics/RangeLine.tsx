import dayjs from 'dayjs';
import { analyticsTestIds } from '../../testIds';
import { ALL_APPLICATIONS } from '../../texts';
import type { Application } from '../../types';

export interface RangeLineProps {
  range: { from: string; to: string };
  applications: readonly Application[] | null;
  appId: string | null;
}

/** 'All applications · Oct 27 – Nov 25, 2026': what the figures below cover. */
export function RangeLine({ range, applications, appId }: RangeLineProps) {
  const name =
    appId === null ? ALL_APPLICATIONS : (applications?.find((app) => app.id === appId)?.name ?? '');
  const from = dayjs(range.from);
  const to = dayjs(range.to);
  const dates =
    from.year() === to.year()
      ? `${from.format('MMM D')} – ${to.format('MMM D, YYYY')}`
      : `${from.format('MMM D, YYYY')} – ${to.format('MMM D, YYYY')}`;
  return (
    <span data-testid={analyticsTestIds.analytics.range}>
      {name ? `${name} · ${dates}` : dates}
    </span>
  );
}

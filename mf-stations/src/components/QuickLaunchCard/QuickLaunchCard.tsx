import { Link } from '@pos/shared/router';
import { Badge, Icon } from '@pos/shared';
import { stationsTestIds } from '../../testIds';
import { NO_ACCESS, signInLabel, unavailableReason } from '../../texts';
import type { QuickLaunchStation } from '../../types';
import { applicationStationsPath, sharedStationsPath } from '../../urls';
import { OpenStationLink } from '../OpenStationLink';
import './QuickLaunchCard.css';

const ids = stationsTestIds.stations;

export interface QuickLaunchCardProps {
  entry: QuickLaunchStation;
  /** The station's cloud POS address. */
  url: string;
}

/**
 * A station pinned to Quick Launch (spec 2.5): its name, its application with a link to the
 * application's stations page, and a sign-in button that opens the station. A station that
 * does not open for anyone (its owner is blocked or paused) says why, and its sign-in button
 * is disabled, as is one the viewer has no access to.
 */
export function QuickLaunchCard({ entry, url }: QuickLaunchCardProps) {
  const { station, application, kind, unavailable } = entry;
  const stationsPage =
    kind === 'own' ? applicationStationsPath(application.id) : sharedStationsPath(application.id);
  return (
    <li
      className="pos-stations-ql-card"
      data-testid={ids.quickLaunchCard}
      data-station={station.name}
    >
      <span className="pos-stations-ql-card__icon" aria-hidden="true">
        <Icon name="stations" size={20} />
      </span>
      <div className="pos-stations-ql-card__text">
        <h3 className="pos-stations-ql-card__name">{station.name}</h3>
        <Link to={stationsPage} className="pos-stations-ql-card__application">
          {application.name}
        </Link>
        {unavailable && (
          <Badge
            tone="warning"
            icon="warning"
            title={unavailable.text}
            className="pos-stations-ql-card__unavailable"
            data-testid={ids.quickLaunchUnavailable}
          >
            {unavailable.name}
          </Badge>
        )}
      </div>
      <OpenStationLink
        label={signInLabel(station.name)}
        url={url}
        variant="primary"
        disabled={station.access === false || unavailable !== null}
        reason={unavailable ? unavailableReason(unavailable) : NO_ACCESS}
        data-testid={ids.quickLaunchSignIn}
      >
        Sign in
      </OpenStationLink>
    </li>
  );
}

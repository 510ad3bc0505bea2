import { Select } from '@pos/shared';
import { staffTestIds } from '../../testIds';
import { APPLICATION, staffCount } from '../../texts';
import type { Application } from '../../types';

const ids = staffTestIds.list;

export interface StaffToolbarProps {
  applications: readonly Application[];
  selected: Application;
  /** How many staff the selected application has, once known. */
  total: number | null;
  onSelect: (applicationId: string) => void;
}

/** The verified application whose staff are listed, and how many there are. */
export function StaffToolbar({ applications, selected, total, onSelect }: StaffToolbarProps) {
  return (
    <div className="pos-staff__toolbar">
      <Select
        label={APPLICATION}
        className="pos-staff__application"
        value={selected.id}
        options={applications.map((application) => ({
          value: application.id,
          label: application.name,
        }))}
        data-testid={ids.application}
        onChange={(event) => onSelect(event.target.value)}
      />
      {total !== null && (
        <p className="pos-staff__count" data-testid={ids.count} aria-live="polite">
          {staffCount(total)}
        </p>
      )}
    </div>
  );
}

import {
  STAFF_EMAIL_MAX_LENGTH,
  STAFF_NAME_MAX_LENGTH,
  STAFF_ROLES,
  STAFF_ROLE_LABELS,
  validateStaffApplication,
  validateStaffEmail,
  validateStaffName,
  validateStaffRole,
} from '@pos/shared';
import { SelectField, TextField } from '@pos/shared/forms';
import { Link } from '@pos/shared/router';
import { staffTestIds } from '../../testIds';
import {
  APPLICATION,
  EMAIL,
  EMAIL_HINT,
  GO_TO_APPLICATIONS,
  NAME,
  NAME_HINT,
  NO_VERIFIED_APPLICATION,
  ROLE,
  SELECT_APPLICATION,
  SELECT_ROLE,
} from '../../texts';
import type { Application } from '../../types';
import { APPLICATIONS_PATH } from '../../urls';
import './StaffFields.css';

const ids = staffTestIds.create;

const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));

export interface StaffFieldsProps {
  /** The manager's verified applications: the only ones offered (spec 5). */
  applications: readonly Application[];
  /** The form is posting: the fields keep focus but take no changes. */
  busy: boolean;
}

/**
 * The Create Staff User fields (final-form fields `name`, `email`, `role`, `applicationId`), each
 * checked by @pos/shared's staff rules, so the texts are spec 5's and the api's.
 */
export function StaffFields({ applications, busy }: StaffFieldsProps) {
  return (
    <div className="pos-staff-fields">
      <TextField
        name="name"
        label={NAME}
        hint={NAME_HINT}
        validate={validateStaffName}
        maxLength={STAFF_NAME_MAX_LENGTH}
        autoComplete="off"
        busy={busy}
        data-testid={ids.name}
      />
      <TextField
        name="email"
        label={EMAIL}
        type="email"
        inputMode="email"
        hint={EMAIL_HINT}
        validate={validateStaffEmail}
        maxLength={STAFF_EMAIL_MAX_LENGTH}
        autoComplete="off"
        spellCheck={false}
        busy={busy}
        data-testid={ids.email}
      />
      <SelectField
        name="role"
        label={ROLE}
        placeholder={SELECT_ROLE}
        options={ROLE_OPTIONS}
        validate={validateStaffRole}
        busy={busy}
        data-testid={ids.role}
      />
      <SelectField
        name="applicationId"
        label={APPLICATION}
        placeholder={SELECT_APPLICATION}
        options={applications.map((application) => ({
          value: application.id,
          label: application.name,
        }))}
        validate={validateStaffApplication}
        busy={busy}
        hint={
          applications.length === 0 ? (
            <>
              {NO_VERIFIED_APPLICATION} <Link to={APPLICATIONS_PATH}>{GO_TO_APPLICATIONS}</Link>
            </>
          ) : undefined
        }
        data-testid={ids.application}
      />
    </div>
  );
}

import { ErrorState, apiErrorMessage } from '@pos/shared';
import { PluginPrompt } from '@pos/shared/store-kit';
import { isAxiosError } from 'axios';
import { StaffEmptyState } from '../../components/StaffEmptyState';
import { StaffTable, type StaffTableProps } from '../../components/StaffTable';
import type { useVerifiedApplications } from '../../hooks/useVerifiedApplications';
import { staffTestIds } from '../../testIds';
import {
  APPLICATIONS_LOAD_FAILED,
  STAFF,
  STAFF_LOAD_FAILED,
  STAFF_NEED_PLUGIN,
  staffNeedPluginMessage,
} from '../../texts';
import type { Application } from '../../types';
import type { useStaffPage } from './useStaffPage';

const ids = staffTestIds.list;

/** The store lacks the Cloud POS plugin itself (the api's plugin-missing answer). */
const isPluginMissing = (error: unknown) =>
  isAxiosError(error) &&
  (error.response?.data as { code?: unknown } | undefined)?.code === 'ERR_PLUGIN_MISSING';

export interface StaffListBodyProps {
  applications: ReturnType<typeof useVerifiedApplications>;
  /** The application whose staff are shown; null when there is no verified one. */
  application: Application | null;
  staff: ReturnType<typeof useStaffPage>;
  /** What the table's rows do (Manage). */
  table: Pick<StaffTableProps, 'busyIds' | 'onInvite' | 'onChangeRole' | 'onRemove'>;
}

/**
 * The staff card's content: the table with its loading or empty row, or why there is none (the
 * applications or the staff could not be loaded, with a retry; the store lacks the plugin).
 */
export function StaffListBody({ applications, application, staff, table }: StaffListBodyProps) {
  if (applications.status === 'error' && applications.data === null) {
    return (
      <ErrorState
        title={APPLICATIONS_LOAD_FAILED}
        message={apiErrorMessage(applications.error)}
        onRetry={applications.reload}
        data-testid={ids.error}
      />
    );
  }
  if (application === null) {
    return (
      <StaffTable
        {...table}
        applicationName={STAFF}
        staff={[]}
        loading={applications.data === null}
        emptyState={<StaffEmptyState reason="no-application" />}
      />
    );
  }
  if (staff.status === 'error' && isPluginMissing(staff.error)) {
    return (
      <PluginPrompt
        title={STAFF_NEED_PLUGIN}
        message={staffNeedPluginMessage(application.name)}
        data-testid={ids.pluginPrompt}
      />
    );
  }
  if (staff.status === 'error') {
    return (
      <ErrorState
        title={STAFF_LOAD_FAILED}
        message={apiErrorMessage(staff.error)}
        onRetry={staff.reload}
        data-testid={ids.error}
      />
    );
  }
  const { current } = staff;
  return (
    <StaffTable
      {...table}
      applicationName={application.name}
      staff={current?.data ?? []}
      loading={staff.showLoading}
      emptyState={
        current && !current.isMultiplePluginActive ? (
          <StaffEmptyState reason="addon-inactive" applicationName={application.name} />
        ) : (
          <StaffEmptyState reason="no-staff" />
        )
      }
    />
  );
}

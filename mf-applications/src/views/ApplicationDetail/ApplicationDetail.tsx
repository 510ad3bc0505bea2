import { useCallback, useState } from 'react';
import {
  Button,
  ConfirmDialog,
  ErrorState,
  LoadingState,
  apiErrorMessage,
  useParcel,
  useLoad,
  PageHeader,
} from '@pos/shared';
import { fetchApplication } from '../../api';
import { ApplicationForm } from '../../components/ApplicationForm';
import { AuthorizationPanel } from '../../components/AuthorizationPanel';
import { StatusBadge } from '../../components/StatusBadge';
import { useApplicationActions } from '../../hooks/useApplicationActions';
import { useApplicationId } from '../../hooks/useApplicationId';
import { applicationsTestIds } from '../../testIds';
import { DELETE_FROM_DETAIL, MY_APPLICATIONS } from '../../texts';
import type { Application } from '../../types';
import { APPLICATIONS_PATH } from '../../urls';
import { SharedWithSection } from './SharedWithSection';
import './ApplicationDetail.css';

const ids = applicationsTestIds.detail;
const back = { to: APPLICATIONS_PATH, label: MY_APPLICATIONS };

/**
 * An application (spec 2.4): its Name and URL (the URL locked once authorized), how it is
 * authorized, who it is shared with, and delete.
 */
export function ApplicationDetail() {
  const applicationId = useApplicationId();
  // Another application starts afresh: nothing of the previous one stays on screen.
  return <ApplicationPage key={applicationId} applicationId={applicationId} />;
}

function ApplicationPage({ applicationId }: { applicationId: string | null }) {
  const { api } = useParcel();
  const load = useCallback(
    (signal: AbortSignal) =>
      applicationId
        ? fetchApplication(api, applicationId, signal)
        : Promise.reject(new Error('Application not found')),
    [api, applicationId],
  );
  const loaded = useLoad(load);
  const { setData } = loaded;
  const apply = useCallback((application: Application) => setData(() => application), [setData]);
  const application = loaded.data;
  const actions = useApplicationActions(application, apply, loaded.reload);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  if (!application) {
    return (
      <div className="pos-page" data-testid={ids.page}>
        <PageHeader title="Application" back={back} />
        {loaded.status === 'error' ? (
          <ErrorState
            title="The application could not be loaded"
            message={apiErrorMessage(loaded.error)}
            onRetry={loaded.reload}
            data-testid={ids.error}
          />
        ) : (
          <LoadingState message="Loading application" />
        )}
      </div>
    );
  }

  // A failed store check leaves the application stored as authorized (the api says so with
  // `error`), so its URL stays locked.
  const authorized = application.isVerifiedAuth || Boolean(application.error);

  return (
    <div className="pos-page" data-testid={ids.page}>
      <PageHeader
        title="Application"
        back={back}
        subtitle={
          <>
            <span className="pos-apps-detail__name">{application.name}</span>
            <StatusBadge application={application} data-testid={ids.status} />
          </>
        }
        actions={
          <Button
            variant="danger"
            icon="trash"
            onClick={() => setConfirmingDelete(true)}
            data-testid={ids.deleteButton}
          >
            Delete
          </Button>
        }
      />
      <div className="pos-apps-detail__grid">
        <ApplicationForm
          application={application}
          urlLocked={authorized}
          onSave={actions.saveDetails}
        />
        <AuthorizationPanel
          application={application}
          busy={actions.busy}
          onAuthTypeChange={(authType) => void actions.changeAuthType(authType)}
          onAuthorize={() => void actions.authorize()}
          onConnect={actions.connect}
          onDisconnect={() => void actions.disconnect()}
        />
      </div>
      {application.isVerifiedAuth && <SharedWithSection application={application} />}
      <ConfirmDialog
        open={confirmingDelete}
        tone="danger"
        title="Delete application"
        message={DELETE_FROM_DETAIL}
        confirmLabel="Delete"
        busy={actions.deleting}
        onConfirm={() => void actions.remove()}
        onCancel={() => setConfirmingDelete(false)}
      />
    </div>
  );
}

import { useCallback, useState } from 'react';
import {
  Button,
  ErrorState,
  LoadingState,
  apiErrorMessage,
  useParcel,
  useLoad,
  PageHeader,
  StatusBadge,
} from '@pos/shared';
import { checkSite, fetchApplication } from '../../api';
import { ApplicationForm } from '../../components/ApplicationForm';
import { AuthorizationPanel } from '../../components/AuthorizationPanel';
import { DeleteConfirm } from '../../components/DeleteConfirm';
import { useApplicationActions } from '../../hooks/useApplicationActions';
import { useApplicationId } from '../../hooks/useApplicationId';
import { applicationsTestIds } from '../../testIds';
import { DELETE_FROM_DETAIL, MY_APPLICATIONS } from '../../texts';
import { isConnected, type Application } from '../../types';
import { APPLICATIONS_PATH } from '../../urls';
import { SharedWithNeedsPlugin } from './SharedWithNeedsPlugin';
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
  const check = useCallback(
    (url: string, signal: AbortSignal) => checkSite(api, url, signal),
    [api],
  );
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

  // An unverified application (its live store check failed) is still stored as authorized, so
  // its URL stays locked.
  const authorized = isConnected(application.status);

  return (
    <div className="pos-page" data-testid={ids.page}>
      <PageHeader
        title="Application"
        back={back}
        subtitle={
          <>
            <span className="pos-apps-detail__name">{application.name}</span>
            <StatusBadge status={application.status} data-testid={ids.status} />
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
          checkSite={check}
        />
        <AuthorizationPanel
          application={application}
          busy={actions.busy}
          keyRevoked={actions.keyRevoked}
          onAuthTypeChange={(authType) => void actions.changeAuthType(authType)}
          onAuthorize={() => void actions.authorize()}
          onConnect={actions.connect}
          onDisconnect={() => void actions.disconnect()}
        />
      </div>
      {application.status.code === 'authorized' &&
        // Without the Cloud POS plugin the store cannot list its users: the card says so instead.
        (application.posPlugin.active === false ? (
          <SharedWithNeedsPlugin application={application} />
        ) : (
          <SharedWithSection application={application} />
        ))}
      <DeleteConfirm
        application={confirmingDelete ? application : null}
        question={DELETE_FROM_DETAIL}
        busy={actions.deleting}
        onConfirm={() => void actions.remove()}
        onCancel={() => setConfirmingDelete(false)}
      />
    </div>
  );
}

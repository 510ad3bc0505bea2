import { useCallback, useRef, useState } from 'react';
import { Link } from '@pos/shared/router';
import {
  Card,
  ErrorState,
  Icon,
  apiErrorMessage,
  cx,
  useParcel,
  useLoad,
  useMounted,
  PageHeader,
} from '@pos/shared';
import { deleteApplication, fetchApplications } from '../../api';
import { ApplicationTable } from '../../components/ApplicationTable';
import { DeleteConfirm } from '../../components/DeleteConfirm';
import { applicationsTestIds } from '../../testIds';
import {
  DELETE_FROM_LIST,
  MY_APPLICATIONS,
  applicationErrorMessage,
  deletedBubbles,
} from '../../texts';
import type { Application, ApplicationList as ApplicationListData } from '../../types';
import { APPLICATION_CREATE_PATH, storeHost } from '../../urls';
import '../../styles/page.css';

const ids = applicationsTestIds.list;

/**
 * 'My Applications' (spec 2.4): the manager's stores with their authorization, a way to create
 * one, and delete after the spec's confirmation. Store checks that failed are told once per load
 * as danger bubbles 'name: message' (spec 8).
 */
export function ApplicationList() {
  const { api, bus } = useParcel();
  const load = useCallback((signal: AbortSignal) => fetchApplications(api, signal), [api]);
  const announceErrors = useCallback(
    ({ list, error }: ApplicationListData) => {
      for (const message of error) bus.emit('notify', { message, status: 'danger' });
      for (const { name, status } of list) {
        // An unverified application: its store failed the live check, and the api says why.
        if (status.code === 'unverified' && status.reason) {
          bus.emit('notify', {
            message: applicationErrorMessage(name, status.reason),
            status: 'danger',
          });
        }
      }
    },
    [bus],
  );
  const applications = useLoad(load, announceErrors);
  const [candidate, setCandidate] = useState<Application | null>(null);
  const [pendingIds, setPendingIds] = useState<ReadonlySet<string>>(new Set());
  const isMounted = useMounted();
  const titleRef = useRef<HTMLHeadingElement>(null);

  const confirmDelete = async () => {
    if (!candidate) return;
    const { id, name, homeUrl } = candidate;
    setPendingIds((current) => new Set(current).add(id));
    let deleted = false;
    try {
      const { keyRevoked } = await deleteApplication(api, id);
      deleted = true;
      for (const bubble of deletedBubbles(name, storeHost(homeUrl), keyRevoked)) {
        bus.emit('notify', bubble);
      }
    } catch (error) {
      bus.emit('notify', { message: apiErrorMessage(error), status: 'danger' });
    }
    if (!isMounted()) return;
    if (deleted) {
      applications.setData((data) => ({
        ...data,
        list: data.list.filter((application) => application.id !== id),
      }));
    }
    setPendingIds((current) => {
      const next = new Set(current);
      next.delete(id);
      return next;
    });
    setCandidate(null);
    // The dialog gives focus back to the row's delete button, which is gone with the row.
    if (deleted) requestAnimationFrame(() => titleRef.current?.focus());
  };

  return (
    <div className="pos-page" data-testid={ids.page}>
      <PageHeader
        title={MY_APPLICATIONS}
        titleRef={titleRef}
        actions={
          <Link
            to={APPLICATION_CREATE_PATH}
            className={cx('pos-button', 'pos-button--primary', 'pos-button--md')}
            data-testid={ids.createLink}
          >
            <Icon name="plus" size={18} />
            <span className="pos-button__label">Create Application</span>
          </Link>
        }
      />
      <Card flush className="pos-apps-page__card">
        {applications.status === 'error' ? (
          <ErrorState
            title="The applications could not be loaded"
            message={apiErrorMessage(applications.error)}
            onRetry={applications.reload}
            data-testid={ids.error}
          />
        ) : (
          <ApplicationTable
            applications={applications.data?.list ?? []}
            loading={applications.status === 'loading' && applications.data === null}
            pendingIds={pendingIds}
            onDelete={setCandidate}
          />
        )}
      </Card>
      <DeleteConfirm
        application={candidate}
        question={DELETE_FROM_LIST}
        busy={candidate !== null && pendingIds.has(candidate.id)}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setCandidate(null)}
      />
    </div>
  );
}

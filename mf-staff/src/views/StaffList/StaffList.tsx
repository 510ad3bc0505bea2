import { Card, Icon, PageHeader, Pagination, cx, useParcel } from '@pos/shared';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Link, useSearchParams } from '@pos/shared/router';
import { StaffPaused } from '../../components/StaffPaused';
import { useRememberedApplication } from '../../hooks/useRememberedApplication';
import { useVerifiedApplications } from '../../hooks/useVerifiedApplications';
import { chooseApplication } from '../../rememberedApplication';
import { staffTestIds } from '../../testIds';
import { CREATE_STAFF_USER, STAFF, STAFF_SUBTITLE } from '../../texts';
import { STAFF_PAGE_SIZE } from '../../types';
import { STAFF_CREATE_PATH } from '../../urls';
import { StaffDialogs } from './StaffDialogs';
import { StaffListBody } from './StaffListBody';
import { StaffToolbar } from './StaffToolbar';
import { useStaffActions } from './useStaffActions';
import { useStaffPage, type StaffChange } from './useStaffPage';
import './StaffList.css';

const ids = staffTestIds.list;

const pageFrom = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/**
 * /staff (spec 2.6): the staff of one verified application (the one last chosen, remembered per
 * user, else the first), 25 a page with the kit's numbered pagination (the page in `?page=`), and
 * Manage for each (issue 13). Its one-row empty states say what is missing: a verified
 * application, the store's Cloud POS Staff add-on, or staff. A banned account gets 'Unavailable
 * while the account is paused' and no request (the api answers the staff routes with 402).
 */
export function StaffList() {
  const { viewer } = useParcel();
  if (viewer.isBanned) {
    return (
      <div className="pos-page pos-staff" data-testid={ids.page}>
        <PageHeader title={STAFF} subtitle={STAFF_SUBTITLE} />
        <Card className="pos-staff__card">
          <StaffPaused data-testid={ids.paused} />
        </Card>
      </div>
    );
  }
  return <LiveStaffList />;
}

function LiveStaffList() {
  const applications = useVerifiedApplications();
  const { rememberedId, remember } = useRememberedApplication();
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const verified = useMemo(() => applications.data ?? [], [applications.data]);
  const application = chooseApplication(verified, rememberedId);
  const staff = useStaffPage(application, page);
  const titleRef = useRef<HTMLHeadingElement>(null);

  const { applyChange } = staff;
  const onChanged = useCallback(
    (change: StaffChange) => {
      applyChange(change);
      // The dialog hands focus back to the removed row's button, which is gone with the row.
      if (change.removed) requestAnimationFrame(() => titleRef.current?.focus());
    },
    [applyChange],
  );
  const actions = useStaffActions(application, onChanged);

  // A page past the end (an old link, staff removed) opens the last page instead of nothing.
  const total = staff.current?.totalAll ?? null;
  const lastPage = total === null ? null : Math.max(1, Math.ceil(total / STAFF_PAGE_SIZE));
  useEffect(() => {
    if (lastPage !== null && page > lastPage) {
      setParams(lastPage === 1 ? {} : { page: String(lastPage) }, { replace: true });
    }
  }, [lastPage, page, setParams]);

  const goTo = (next: number) => {
    setParams(next === 1 ? {} : { page: String(next) });
    window.scrollTo?.({ top: 0 });
  };

  return (
    <div className="pos-page pos-staff" data-testid={ids.page}>
      <PageHeader
        title={STAFF}
        titleRef={titleRef}
        subtitle={STAFF_SUBTITLE}
        actions={
          <Link
            to={STAFF_CREATE_PATH}
            className={cx('pos-button', 'pos-button--primary', 'pos-button--md')}
            data-testid={ids.createLink}
          >
            <Icon name="plus" size={18} />
            <span className="pos-button__label">{CREATE_STAFF_USER}</span>
          </Link>
        }
      />
      {application && (
        <StaffToolbar
          applications={verified}
          selected={application}
          total={staff.current?.isMultiplePluginActive ? staff.current.totalAll : null}
          onSelect={(applicationId) => {
            remember(applicationId);
            // Another application starts on its first page.
            setParams({});
          }}
        />
      )}
      <Card flush className="pos-staff__card">
        <StaffListBody
          applications={applications}
          application={application}
          staff={staff}
          table={{
            busyIds: actions.busyIds,
            onInvite: actions.invite,
            onChangeRole: actions.askRoleChange,
            onRemove: actions.askRemoval,
          }}
        />
      </Card>
      {staff.pagerTotal !== null && (
        <Pagination
          page={page}
          totalRecords={staff.pagerTotal}
          pageSize={STAFF_PAGE_SIZE}
          onPageChange={goTo}
          className="pos-staff__pagination"
          data-testid={ids.pagination}
        />
      )}
      {application && <StaffDialogs applicationName={application.name} actions={actions} />}
    </div>
  );
}

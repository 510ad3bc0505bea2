import {
  Button,
  Card,
  ErrorState,
  LoadingState,
  PageHeader,
  apiErrorMessage,
  useMounted,
  useParcel,
  type StaffRole,
} from '@pos/shared';
import { FormError } from '@pos/shared/forms';
import { isAxiosError } from 'axios';
import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import { useMemo, useState } from 'react';
import { Form } from 'react-final-form';
import { useNavigate } from '@pos/shared/router';
import { createStaffUser } from '../../api';
import { AddonDownloadLink } from '../../components/AddonDownloadLink';
import { StaffFields } from '../../components/StaffFields';
import { StaffPaused } from '../../components/StaffPaused';
import { useRememberedApplication } from '../../hooks/useRememberedApplication';
import { useVerifiedApplications } from '../../hooks/useVerifiedApplications';
import { chooseApplication } from '../../rememberedApplication';
import { staffTestIds } from '../../testIds';
import {
  APPLICATIONS_LOAD_FAILED,
  BACK_TO_STAFF,
  CREATE,
  CREATE_STAFF_SUBTITLE,
  CREATE_STAFF_USER,
  CREATING_STAFF_USER,
  LOADING_STAFF_CREATION_PAGE,
  STAFF_CREATED,
  STAFF_CREATE_FAILED,
  downloadAddonHint,
} from '../../texts';
import { STAFF_PATH } from '../../urls';
import './StaffCreate.css';

const ids = staffTestIds.create;

interface CreateValues {
  name: string;
  email: string;
  role: string;
  applicationId: string;
}

/** The api's refusal of a store without the Cloud POS Staff add-on (409). */
const ADDON_INACTIVE = 'ERR_STAFF_ADDON_INACTIVE';

const isAddonInactive = (error: unknown) =>
  isAxiosError(error) &&
  error.response?.status === 409 &&
  (error.response.data as { code?: unknown } | undefined)?.code === ADDON_INACTIVE;

/**
 * Spec 8: a 400 shows the server's text; so does the 409 of a store without the Staff add-on
 * (issue 27: 'Download add-on to manage Staff', the form then offers the download); any other
 * failure the spec's own.
 */
const failureText = (error: unknown) =>
  isAxiosError(error) && (error.response?.status === 400 || isAddonInactive(error))
    ? apiErrorMessage(error, STAFF_CREATE_FAILED)
    : STAFF_CREATE_FAILED;

/**
 * 'Create Staff User' (spec 2.6, 5, 8): Name, Email, Role and Application (verified ones only,
 * the remembered one chosen), each with spec 5's texts. The store creates the user and the api
 * sends the first invitation; on success the bubble 'Staff member was created successfully.'
 * (and an info bubble when the invitation could not be sent), then /staff on that application.
 * A banned account gets 'Unavailable while the account is paused' and no request (the api
 * answers the staff routes with 402).
 */
export function StaffCreate() {
  const { viewer } = useParcel();
  if (viewer.isBanned) {
    return (
      <div className="pos-page" data-testid={ids.page}>
        <PageHeader
          title={CREATE_STAFF_USER}
          subtitle={CREATE_STAFF_SUBTITLE}
          back={{ to: STAFF_PATH, label: BACK_TO_STAFF }}
        />
        <Card className="pos-staff-create">
          <StaffPaused data-testid={ids.paused} />
        </Card>
      </div>
    );
  }
  return <LiveStaffCreate />;
}

function LiveStaffCreate() {
  const { api, bus } = useParcel();
  const navigate = useNavigate();
  const isMounted = useMounted();
  const applications = useVerifiedApplications();
  const { rememberedId, remember } = useRememberedApplication();
  // The application remembered when the page opened: remembering the new user's application on
  // success must not start the form again.
  const [preselectedId] = useState(rememberedId);

  const verified = applications.data;
  const initialValues = useMemo<CreateValues | null>(
    () =>
      verified && {
        name: '',
        email: '',
        role: '',
        applicationId: chooseApplication(verified, preselectedId)?.id ?? '',
      },
    [verified, preselectedId],
  );

  // The application whose store refused for lack of the Staff add-on, until the next submit.
  const [addonMissingIn, setAddonMissingIn] = useState<string | null>(null);

  const create = async (values: CreateValues): Promise<SubmissionErrors | undefined> => {
    setAddonMissingIn(null);
    try {
      const { invitation } = await createStaffUser(api, {
        name: values.name.trim(),
        email: values.email.trim(),
        role: values.role as StaffRole,
        applicationId: values.applicationId,
      });
      bus.emit('notify', { message: STAFF_CREATED, status: 'success' });
      if (!invitation.sent) bus.emit('notify', { message: invitation.message, status: 'info' });
      // /staff opens on the application the user was created in.
      remember(values.applicationId);
      if (isMounted()) navigate(STAFF_PATH);
      return undefined;
    } catch (error) {
      const message = failureText(error);
      bus.emit('notify', { message, status: 'danger' });
      if (isAddonInactive(error) && isMounted()) {
        const application = verified?.find(({ id }) => id === values.applicationId);
        setAddonMissingIn(application?.name ?? '');
      }
      return { [FORM_ERROR]: message };
    }
  };

  return (
    <div className="pos-page" data-testid={ids.page}>
      <PageHeader
        title={CREATE_STAFF_USER}
        subtitle={CREATE_STAFF_SUBTITLE}
        back={{ to: STAFF_PATH, label: BACK_TO_STAFF }}
      />
      <Card className="pos-staff-create">
        {applications.status === 'error' && verified === null ? (
          <ErrorState
            title={APPLICATIONS_LOAD_FAILED}
            message={apiErrorMessage(applications.error)}
            onRetry={applications.reload}
            data-testid={ids.loadError}
          />
        ) : initialValues === null ? (
          <LoadingState message={LOADING_STAFF_CREATION_PAGE} />
        ) : (
          <Form<CreateValues>
            initialValues={initialValues}
            onSubmit={create}
            subscription={{ submitting: true }}
            render={({ handleSubmit, submitting = false }) => (
              <form
                className="pos-staff-create__form"
                noValidate
                onSubmit={(event) => void handleSubmit(event)}
                data-testid={ids.form}
              >
                <StaffFields applications={verified ?? []} busy={submitting} />
                <FormError data-testid={ids.error} />
                {addonMissingIn !== null && (
                  <div className="pos-staff-create__addon" data-testid={ids.addonMissing}>
                    {addonMissingIn && <p>{downloadAddonHint(addonMissingIn)}</p>}
                    <AddonDownloadLink data-testid={ids.addonDownloadLink} />
                  </div>
                )}
                <div className="pos-staff-create__actions">
                  {submitting && (
                    <span data-testid={ids.creating}>
                      <LoadingState inline message={CREATING_STAFF_USER} />
                    </span>
                  )}
                  <Button type="submit" icon="plus" loading={submitting} data-testid={ids.submit}>
                    {CREATE}
                  </Button>
                </div>
              </form>
            )}
          />
        )}
      </Card>
    </div>
  );
}

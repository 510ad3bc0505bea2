import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import { useCallback } from 'react';
import { Form } from 'react-final-form';
import { useNavigate } from '@pos/shared/router';
import {
  Button,
  Card,
  apiErrorMessage,
  useParcel,
  useMounted,
  PageHeader,
  withScheme,
} from '@pos/shared';
import { FormError } from '@pos/shared/forms';
import { checkSite, createApplication } from '../../api';
import { ApplicationFields } from '../../components/ApplicationFields';
import { applicationsTestIds } from '../../testIds';
import { MY_APPLICATIONS } from '../../texts';
import { APPLICATIONS_PATH, applicationPath } from '../../urls';
import './ApplicationCreate.css';
import '../../styles/page.css';

const ids = applicationsTestIds.create;

interface CreateValues {
  name: string;
  homeUrl: string;
}

const EMPTY: CreateValues = { name: '', homeUrl: '' };

/**
 * 'Create Application' (spec 2.4): Name and URL, then Create. The server validates (spec 5
 * shows no client rules); its error is shown beside the form and in a danger bubble. The typed
 * site is asked for its own address, offered when it differs, and https:// is assumed when no
 * scheme is typed (issue 10). A created application opens on its detail page, where it is
 * authorized.
 */
export function ApplicationCreate() {
  const { api, bus } = useParcel();
  const navigate = useNavigate();
  const isMounted = useMounted();
  const check = useCallback(
    (url: string, signal: AbortSignal) => checkSite(api, url, signal),
    [api],
  );

  const create = async ({ name, homeUrl }: CreateValues): Promise<SubmissionErrors | undefined> => {
    try {
      const application = await createApplication(api, {
        name: name.trim(),
        homeUrl: withScheme(homeUrl),
      });
      bus.emit('notify', {
        message: `Application ${application.name} was added.`,
        status: 'success',
      });
      // Someone who left while it was created stays where they went.
      if (isMounted()) navigate(applicationPath(application.id));
      return undefined;
    } catch (failure) {
      const message = apiErrorMessage(failure);
      bus.emit('notify', { message, status: 'danger' });
      return { [FORM_ERROR]: message };
    }
  };

  return (
    <div className="pos-page" data-testid={ids.page}>
      <PageHeader
        title="Create Application"
        subtitle="Add your WooCommerce store, then authorize it on the next page."
        back={{ to: APPLICATIONS_PATH, label: MY_APPLICATIONS }}
      />
      <Card className="pos-apps-create">
        <Form<CreateValues>
          initialValues={EMPTY}
          onSubmit={create}
          subscription={{ values: true, submitting: true }}
          render={({ handleSubmit, values, submitting }) => {
            const complete = values.name.trim() !== '' && values.homeUrl.trim() !== '';
            return (
              <form
                className="pos-apps-create__form"
                noValidate
                onSubmit={(event) => {
                  if (complete) void handleSubmit(event);
                  else event.preventDefault();
                }}
                data-testid={ids.form}
              >
                <ApplicationFields checkSite={check} testIds={ids} />
                <FormError data-testid={ids.error} />
                <div className="pos-apps-create__actions">
                  <Button
                    type="submit"
                    disabled={!complete}
                    loading={submitting}
                    data-testid={ids.submit}
                  >
                    Create
                  </Button>
                </div>
              </form>
            );
          }}
        />
      </Card>
    </div>
  );
}

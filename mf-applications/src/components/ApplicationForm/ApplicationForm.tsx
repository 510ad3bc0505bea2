import type { SubmissionErrors } from 'final-form';
import { Form } from 'react-final-form';
import { Button, Card, withScheme } from '@pos/shared';
import { FormError } from '@pos/shared/forms';
import { applicationsTestIds } from '../../testIds';
import type { Application } from '../../types';
import type { CheckSite } from '../../hooks/useSiteCheck';
import { ApplicationFields } from '../ApplicationFields';
import './ApplicationForm.css';
import '../../styles/page.css';

const ids = applicationsTestIds.detail;

/** What Save changes: only the fields that differ from the application. */
export interface ApplicationDetailsChange {
  name?: string;
  homeUrl?: string;
}

export interface ApplicationFormProps {
  application: Application;
  /** Spec 2.4: the URL is locked once the application is authorized. */
  urlLocked: boolean;
  /** Saves the change; resolves with the form's error (FORM_ERROR) when it was refused. */
  onSave: (change: ApplicationDetailsChange) => Promise<SubmissionErrors | undefined>;
  /** Asks the api about a typed URL, to offer the site's own address (issue 10); none: no check. */
  checkSite?: CheckSite;
}

interface DetailsValues {
  name: string;
  homeUrl: string;
}

/**
 * The application's Name and URL with Save. A saved change comes back as the application's new
 * Name or URL, and the form starts again from them (react-final-form reinitializes when its
 * initial values change); a refused one keeps what was typed, with the server's error under the
 * fields.
 */
export function ApplicationForm({
  application,
  urlLocked,
  onSave,
  checkSite,
}: ApplicationFormProps) {
  const changeOf = ({ name, homeUrl }: DetailsValues): ApplicationDetailsChange => {
    const change: ApplicationDetailsChange = {};
    if (name.trim() !== application.name) change.name = name.trim();
    // https:// is assumed when no scheme is typed (issue 10).
    if (!urlLocked && withScheme(homeUrl) !== application.homeUrl) {
      change.homeUrl = withScheme(homeUrl);
    }
    return change;
  };

  return (
    <Card title="Details" className="pos-apps-form">
      <Form<DetailsValues>
        initialValues={{ name: application.name, homeUrl: application.homeUrl }}
        onSubmit={(values) => onSave(changeOf(values))}
        subscription={{ values: true, submitting: true }}
        render={({ handleSubmit, values, submitting }) => {
          const changed = Object.keys(changeOf(values)).length > 0;
          const complete = values.name.trim() !== '' && values.homeUrl.trim() !== '';
          return (
            <form
              className="pos-apps-form__form"
              noValidate
              onSubmit={(event) => {
                if (changed && complete) void handleSubmit(event);
                else event.preventDefault();
              }}
              data-testid={ids.form}
            >
              <ApplicationFields
                lockedUrl={urlLocked ? application.homeUrl : undefined}
                checkSite={checkSite}
                savedUrl={application.homeUrl}
                testIds={ids}
              />
              <FormError />
              <div className="pos-apps-form__actions">
                <Button
                  type="submit"
                  variant="secondary"
                  disabled={!changed || !complete}
                  loading={submitting}
                  data-testid={ids.save}
                >
                  Save
                </Button>
              </div>
            </form>
          );
        }}
      />
    </Card>
  );
}

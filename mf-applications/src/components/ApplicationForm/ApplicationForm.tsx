import { useState, type FormEvent } from 'react';
import { Button, Card, TextInput } from '@pos/shared';
import { applicationsTestIds } from '../../testIds';
import type { Application } from '../../types';
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
  saving: boolean;
  /** The last save's error, shown under the fields. */
  error: string | null;
  onSave: (change: ApplicationDetailsChange) => void;
}

/**
 * The application's Name and URL with Save. The parent gives it a key per saved name and URL,
 * so a saved change starts the form again from the server's values.
 */
export function ApplicationForm({
  application,
  urlLocked,
  saving,
  error,
  onSave,
}: ApplicationFormProps) {
  const [name, setName] = useState(application.name);
  const [homeUrl, setHomeUrl] = useState(application.homeUrl);
  const change: ApplicationDetailsChange = {};
  if (name.trim() !== application.name) change.name = name.trim();
  if (!urlLocked && homeUrl.trim() !== application.homeUrl) change.homeUrl = homeUrl.trim();
  const changed = Object.keys(change).length > 0;
  const complete = name.trim() !== '' && homeUrl.trim() !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changed && complete && !saving) onSave(change);
  };

  return (
    <Card title="Details" className="pos-apps-form">
      <form className="pos-apps-form__form" noValidate onSubmit={submit} data-testid={ids.form}>
        <TextInput
          label="Name"
          value={name}
          maxLength={100}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
          data-testid={ids.name}
        />
        <TextInput
          label="URL"
          type="url"
          inputMode="url"
          value={urlLocked ? application.homeUrl : homeUrl}
          disabled={urlLocked}
          hint={
            urlLocked
              ? 'The URL of an authorized application cannot be changed. Disconnect it first.'
              : undefined
          }
          autoComplete="url"
          onChange={(event) => setHomeUrl(event.target.value)}
          data-testid={ids.url}
        />
        {error && (
          <p className="pos-apps-form-error" role="alert">
            {error}
          </p>
        )}
        <div className="pos-apps-form__actions">
          <Button
            type="submit"
            variant="secondary"
            disabled={!changed || !complete}
            loading={saving}
            data-testid={ids.save}
          >
            Save
          </Button>
        </div>
      </form>
    </Card>
  );
}

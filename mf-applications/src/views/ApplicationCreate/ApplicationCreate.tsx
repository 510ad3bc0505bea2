import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Button,
  Card,
  TextInput,
  apiErrorMessage,
  useParcel,
  useMounted,
  PageHeader,
} from '@pos/shared';
import { createApplication } from '../../api';
import { applicationsTestIds } from '../../testIds';
import { MY_APPLICATIONS } from '../../texts';
import { APPLICATIONS_PATH, applicationPath } from '../../urls';
import './ApplicationCreate.css';
import '../../styles/page.css';

const ids = applicationsTestIds.create;

/**
 * 'Create Application' (spec 2.4): Name and URL, then Create. The server validates (spec 5
 * shows no client rules); its error is shown beside the form and in a danger bubble. A created
 * application opens on its detail page, where it is authorized.
 */
export function ApplicationCreate() {
  const { api, bus } = useParcel();
  const navigate = useNavigate();
  const isMounted = useMounted();
  const [name, setName] = useState('');
  const [homeUrl, setHomeUrl] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const complete = name.trim() !== '' && homeUrl.trim() !== '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!complete || saving) return;
    setSaving(true);
    setError(null);
    try {
      const application = await createApplication(api, {
        name: name.trim(),
        homeUrl: homeUrl.trim(),
      });
      bus.emit('notify', {
        message: `Application ${application.name} was added.`,
        status: 'success',
      });
      // Someone who left while it was created stays where they went.
      if (isMounted()) navigate(applicationPath(application.id));
    } catch (failure) {
      const message = apiErrorMessage(failure);
      bus.emit('notify', { message, status: 'danger' });
      if (!isMounted()) return;
      setError(message);
      setSaving(false);
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
        <form
          className="pos-apps-create__form"
          noValidate
          onSubmit={(event) => void submit(event)}
          data-testid={ids.form}
        >
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
            value={homeUrl}
            placeholder="https://your-store.example"
            hint="The address of the WordPress site where WooCommerce runs."
            autoComplete="url"
            onChange={(event) => setHomeUrl(event.target.value)}
            data-testid={ids.url}
          />
          {error && (
            <p className="pos-apps-form-error" role="alert" data-testid={ids.error}>
              {error}
            </p>
          )}
          <div className="pos-apps-create__actions">
            <Button type="submit" disabled={!complete} loading={saving} data-testid={ids.submit}>
              Create
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}

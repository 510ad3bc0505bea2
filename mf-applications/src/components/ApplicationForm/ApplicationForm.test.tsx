import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FORM_ERROR } from 'final-form';
import { sampleApplication } from '../../fixtures';
import { ApplicationForm, type ApplicationFormProps } from './ApplicationForm';

const application = sampleApplication();

function renderForm(props: Partial<ApplicationFormProps> = {}) {
  const onSave = jest.fn<ReturnType<ApplicationFormProps['onSave']>, [unknown]>(() =>
    Promise.resolve(undefined),
  );
  const view = render(
    <ApplicationForm application={application} urlLocked={false} onSave={onSave} {...props} />,
  );
  return { ...view, onSave };
}

describe('ApplicationForm', () => {
  it('saves only what changed, trimmed, and not a change of spaces alone', async () => {
    const user = userEvent.setup();
    const { onSave } = renderForm();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '  ');
    expect(save).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'II');
    await user.click(save);
    expect(onSave).toHaveBeenCalledWith({ name: 'Demo Coffee Roasters  II' });
  });

  it('does not save an empty Name or URL', async () => {
    const user = userEvent.setup();
    const { onSave } = renderForm();
    await user.clear(screen.getByRole('textbox', { name: 'URL' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '{Enter}');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows the refusal under the fields and keeps what was typed', async () => {
    const user = userEvent.setup();
    const { onSave } = renderForm();
    onSave.mockResolvedValueOnce({ [FORM_ERROR]: 'homeUrl must be an http(s) URL' });
    const url = screen.getByRole('textbox', { name: 'URL' });
    await user.clear(url);
    await user.type(url, 'ftp://shop.example{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('homeUrl must be an http(s) URL');
    expect(url).toHaveValue('ftp://shop.example');
  });

  it('starts again from the saved Name and URL', async () => {
    const user = userEvent.setup();
    const { rerender, onSave } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), ' Bar ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ name: 'Demo Coffee Roasters Bar' });
    rerender(
      <ApplicationForm
        application={{ ...application, name: 'Demo Coffee Roasters Bar' }}
        urlLocked={false}
        onSave={onSave}
      />,
    );
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue(
      'Demo Coffee Roasters Bar',
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('shows the stored URL once locked, whatever was typed before', async () => {
    const user = userEvent.setup();
    const { rerender, onSave } = renderForm();
    const url = screen.getByRole('textbox', { name: 'URL' });
    await user.clear(url);
    await user.type(url, 'https://typed.example');
    rerender(<ApplicationForm application={application} urlLocked onSave={onSave} />);
    expect(url).toBeDisabled();
    expect(url).toHaveValue('http://127.0.0.1:4201');
    expect(url).toHaveAccessibleDescription(
      'The URL of an authorized application cannot be changed. Disconnect it first.',
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});

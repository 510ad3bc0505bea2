import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FORM_ERROR } from 'final-form';
import { useState } from 'react';
import { MemoryRouter } from '@pos/shared/router';
import { sampleApplication } from '../../fixtures';
import type { ApplicationAuthType } from '../../types';
import { AuthorizationPanel, type AuthorizationPanelProps } from './AuthorizationPanel';

function renderPanel(props: Partial<AuthorizationPanelProps>) {
  const handlers = {
    onAuthTypeChange: jest.fn(),
    onAuthorize: jest.fn(),
    onConnect: jest.fn(),
    onDisconnect: jest.fn(),
  };
  render(
    <MemoryRouter>
      <AuthorizationPanel
        application={sampleApplication({ authType: 'account' })}
        busy={null}
        {...handlers}
        {...props}
      />
    </MemoryRouter>,
  );
  return handlers;
}

describe('AuthorizationPanel', () => {
  it('switches between Authorize with Account and Connect with Keys', async () => {
    const user = userEvent.setup();
    const { onAuthTypeChange } = renderPanel({});
    expect(screen.getByRole('radio', { name: 'Authorize with Account' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Connect with Keys' }));
    expect(onAuthTypeChange).toHaveBeenCalledWith('keys');
  });

  it('keeps the focused choice usable while the auth type is saved, and ignores a second change', async () => {
    const user = userEvent.setup();
    const { onAuthTypeChange } = renderPanel({ busy: 'authType' });
    const keys = screen.getByRole('radio', { name: 'Connect with Keys' });
    expect(keys).toBeEnabled();
    await user.click(keys);
    expect(onAuthTypeChange).not.toHaveBeenCalled();
    expect(screen.getByRole('radio', { name: 'Authorize with Account' })).toBeChecked();
  });

  it('says why an authorization that has not come back likely failed, with the callback address', () => {
    renderPanel({
      application: sampleApplication({
        authType: 'account',
        authInProgress: true,
        authCallbackUrl: 'https://pos.example.com:4443/wc-authorize',
      }),
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'The authorization started on 127.0.0.1:4201 has not come back. Most likely the store could not reach the callback address https://pos.example.com:4443/wc-authorize: WordPress calls out only on ports 80, 443 and 8080',
    );
    expect(screen.getByRole('status')).toHaveTextContent('A valid URL was not provided.');
    expect(screen.getByRole('button', { name: 'Authorize' })).toBeEnabled();
  });

  it('locks the choice while the store authorization starts', () => {
    renderPanel({ busy: 'authorize' });
    expect(screen.getByRole('radio', { name: 'Connect with Keys' })).toBeDisabled();
  });

  it('sends the trimmed keys, shows why they were refused, and drops that on another choice while the typed keys stay', async () => {
    const user = userEvent.setup();
    const refusal = 'These keys are read-only. Keys with Read/Write permissions are required.';
    const onConnect = jest.fn().mockResolvedValue({ [FORM_ERROR]: refusal });
    function Switchable() {
      const [authType, setAuthType] = useState<ApplicationAuthType>('keys');
      return (
        <AuthorizationPanel
          application={sampleApplication({ authType })}
          busy={null}
          onAuthTypeChange={setAuthType}
          onAuthorize={jest.fn()}
          onConnect={onConnect}
          onDisconnect={jest.fn()}
        />
      );
    }
    render(
      <MemoryRouter>
        <Switchable />
      </MemoryRouter>,
    );
    const connect = screen.getByRole('button', { name: 'Connect' });
    expect(connect).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Key' }), ' ck_readonly ');
    await user.type(screen.getByRole('textbox', { name: 'Secret' }), 'cs_readonly');
    await user.click(connect);
    expect(onConnect).toHaveBeenCalledWith({
      consumerKey: 'ck_readonly',
      consumerSecret: 'cs_readonly',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);

    await user.click(screen.getByRole('radio', { name: 'Authorize with Account' }));
    await user.click(screen.getByRole('radio', { name: 'Connect with Keys' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show Key' }));
    expect(screen.getByRole('textbox', { name: 'Key' })).toHaveValue(' ck_readonly ');
    expect(screen.getByRole('button', { name: 'Connect' })).toBeEnabled();
  });
});

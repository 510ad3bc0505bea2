import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { sampleApplication } from '../../fixtures';
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
        keysError={null}
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

  it('locks the choice while the store authorization starts', () => {
    renderPanel({ busy: 'authorize' });
    expect(screen.getByRole('radio', { name: 'Connect with Keys' })).toBeDisabled();
  });
});

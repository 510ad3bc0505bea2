import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authorizedApplication } from '../../fixtures';
import type { Application } from '../../types';
import { DisconnectConfirm } from './DisconnectConfirm';

const withPlugin = (active: boolean | null): Application => ({
  ...authorizedApplication,
  posPlugin: { active, checkedAt: active === null ? null : '2025-04-10T09:00:00.000Z' },
});

function renderDialog(application: Application) {
  const onConfirm = jest.fn();
  const onCancel = jest.fn();
  render(
    <DisconnectConfirm application={application} open onConfirm={onConfirm} onCancel={onCancel} />,
  );
  return {
    dialog: screen.getByRole('dialog', { name: 'Disconnect application' }),
    onConfirm,
    onCancel,
  };
}

describe('DisconnectConfirm', () => {
  it('says the key will be revoked on the store when the Cloud POS plugin is there', () => {
    const { dialog } = renderDialog(withPlugin(true));
    expect(dialog).toHaveTextContent(
      'Disconnect Demo Coffee Roasters? Its Read/Write key will be revoked on 127.0.0.1:4201 through the Cloud POS plugin.',
    );
  });

  it('tells the owner where to revoke the key when the store lacks the plugin', () => {
    const { dialog } = renderDialog(withPlugin(false));
    expect(dialog).toHaveTextContent(
      'Disconnect Demo Coffee Roasters? The store at 127.0.0.1:4201 does not have the Cloud POS plugin, so its Read/Write key stays active there: revoke it afterwards in WooCommerce → Settings → Advanced → REST API.',
    );
  });

  it('covers both cases while the plugin was never looked for', () => {
    const { dialog } = renderDialog(withPlugin(null));
    expect(dialog).toHaveTextContent(
      'if the store has the Cloud POS plugin; otherwise revoke it afterwards in WooCommerce → Settings → Advanced → REST API.',
    );
  });

  it('disconnects only on Disconnect; Cancel keeps the connection', async () => {
    const user = userEvent.setup();
    const { dialog, onConfirm, onCancel } = renderDialog(withPlugin(true));
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});

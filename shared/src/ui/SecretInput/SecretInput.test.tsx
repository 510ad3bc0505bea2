import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { SecretInput } from './SecretInput';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <SecretInput label="Key" value={value} onChange={setValue} />
      <button type="button">Elsewhere</button>
    </>
  );
}

describe('SecretInput', () => {
  it('shows a hidden value masked per spec 5', () => {
    render(<Harness initial="ck_0123456789abcdef" />);
    expect(screen.getByRole('textbox', { name: 'Key' })).toHaveValue(`ck${'*'.repeat(15)}ef`);
    expect(screen.getByRole('button', { name: 'Show Key' })).toBeInTheDocument();
  });

  it('reveals the field on focus so a key can be typed, and hides it again with the button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const field = screen.getByRole('textbox', { name: 'Key' });
    await user.click(field);
    await user.type(field, 'ck_secret_value');
    expect(field).toHaveValue('ck_secret_value');

    await user.click(screen.getByRole('button', { name: 'Hide Key' }));
    expect(field).toHaveValue(`ck${'*'.repeat(11)}ue`);
    expect(field).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Show Key' })).toBeInTheDocument();
  });

  it('takes a pasted key into the empty field without a click first', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const field = screen.getByRole('textbox', { name: 'Key' });
    expect(field).not.toHaveAttribute('readonly');
    act(() => field.focus());
    await user.paste('ck_pasted_value');
    expect(field).toHaveValue('ck_pasted_value');
    expect(screen.getByRole('button', { name: 'Hide Key' })).toBeInTheDocument();
  });

  it('shows the value with the Show button', async () => {
    const user = userEvent.setup();
    render(<Harness initial="short" />);
    expect(screen.getByRole('textbox', { name: 'Key' })).toHaveValue('*****');
    await user.click(screen.getByRole('button', { name: 'Show Key' }));
    expect(screen.getByRole('textbox', { name: 'Key' })).toHaveValue('short');
  });
});

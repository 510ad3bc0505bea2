import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Select } from './Select';

const roles = [
  { value: 'administrator', label: 'Administrator' },
  { value: 'cashier', label: 'Cashier' },
  { value: 'kiosk', label: 'Kiosk', disabled: true },
];

describe('Select', () => {
  it('lets the user choose an option by its label', async () => {
    const onChange = jest.fn();
    render(
      <Select
        label="Role"
        placeholder="Select a role"
        options={roles}
        defaultValue=""
        onChange={(event) => onChange(event.target.value)}
      />,
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Cashier');
    expect(onChange).toHaveBeenCalledWith('cashier');
    expect(screen.getByRole('option', { name: 'Kiosk' })).toBeDisabled();
  });

  it('announces its error', () => {
    render(<Select label="Role" options={roles} error="Role is required" />);
    const select = screen.getByRole('combobox', { name: 'Role' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Role is required');
  });
});

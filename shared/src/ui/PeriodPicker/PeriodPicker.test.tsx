import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { Period } from './period';
import { PeriodPicker } from './PeriodPicker';

const now = new Date(2025, 3, 15); // April 2025

function Picker({ initial, onChange }: { initial: Period; onChange?: (period: Period) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <PeriodPicker
      label="From"
      now={now}
      value={value}
      onChange={(period) => {
        setValue(period);
        onChange?.(period);
      }}
    />
  );
}

const picker = () => screen.getByRole('group', { name: 'From' });

describe('PeriodPicker', () => {
  it('offers the years from 2020 to the current year', () => {
    render(<Picker initial={{ year: 2024, month: 6 }} />);
    const year = within(picker()).getByRole('combobox', { name: 'Year' });
    expect(
      within(year)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['2025', '2024', '2023', '2022', '2021', '2020']);
  });

  it('disables future months of the current year', () => {
    render(<Picker initial={{ year: 2025, month: 2 }} />);
    const month = within(picker()).getByRole('combobox', { name: 'Month' });
    expect(within(month).getByRole('option', { name: 'April' })).toBeEnabled();
    expect(within(month).getByRole('option', { name: 'May' })).toBeDisabled();
    expect(within(month).getByRole('option', { name: 'December' })).toBeDisabled();
  });

  it('allows every month of a past year', () => {
    render(<Picker initial={{ year: 2024, month: 2 }} />);
    const month = within(picker()).getByRole('combobox', { name: 'Month' });
    expect(within(month).getByRole('option', { name: 'December' })).toBeEnabled();
  });

  it('moves a future month back to the current one when the current year is picked', async () => {
    const onChange = jest.fn();
    render(<Picker initial={{ year: 2024, month: 11 }} onChange={onChange} />);
    await userEvent.selectOptions(within(picker()).getByRole('combobox', { name: 'Year' }), '2025');
    expect(onChange).toHaveBeenLastCalledWith({ year: 2025, month: 4 });
    expect(within(picker()).getByRole('combobox', { name: 'Month' })).toHaveDisplayValue('April');
  });
});

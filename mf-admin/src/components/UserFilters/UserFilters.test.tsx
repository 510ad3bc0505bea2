import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UserFilters } from './UserFilters';

describe('UserFilters', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date(2025, 3, 15, 12) }));
  afterEach(() => jest.useRealTimers());

  const setup = () => {
    const onFilterChange = jest.fn();
    const onRangeChange = jest.fn();
    render(<UserFilters onFilterChange={onFilterChange} onRangeChange={onRangeChange} />);
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    return { user, onFilterChange, onRangeChange };
  };

  it('tells the filter text once typing has paused for 500 ms', async () => {
    const { user, onFilterChange } = setup();
    const filter = screen.getByRole('searchbox', { name: 'Filter' });
    await user.type(filter, 'ada');
    expect(filter).toHaveValue('ada');
    act(() => jest.advanceTimersByTime(499));
    expect(onFilterChange).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onFilterChange).toHaveBeenCalledTimes(1);
    expect(onFilterChange).toHaveBeenCalledWith('ada');
  });

  it('tells the range at once, ordered, and keeps it while switched off', async () => {
    const { user, onRangeChange } = setup();
    const toggle = screen.getByRole('switch', { name: 'Date range' });
    await user.click(toggle);
    expect(onRangeChange).toHaveBeenLastCalledWith({
      start: { year: 2025, month: 1 },
      end: { year: 2025, month: 4 },
    });

    const from = screen.getByRole('group', { name: 'From' });
    await user.selectOptions(within(from).getByRole('combobox', { name: 'Month' }), 'March');
    expect(onRangeChange).toHaveBeenLastCalledWith({
      start: { year: 2025, month: 3 },
      end: { year: 2025, month: 4 },
    });

    await user.click(toggle);
    expect(onRangeChange).toHaveBeenLastCalledWith(null);
    expect(screen.queryByRole('group', { name: 'From' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(onRangeChange).toHaveBeenLastCalledWith({
      start: { year: 2025, month: 3 },
      end: { year: 2025, month: 4 },
    });
    expect(
      within(screen.getByRole('group', { name: 'From' })).getByRole('combobox', { name: 'Month' }),
    ).toHaveDisplayValue('March');
  });
});

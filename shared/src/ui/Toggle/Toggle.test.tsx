import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Toggle } from './Toggle';

function DateRange() {
  const [on, setOn] = useState(false);
  return <Toggle label="Date range" checked={on} onChange={setOn} />;
}

describe('Toggle', () => {
  it('is a switch named by its label that flips on click and by keyboard', async () => {
    render(<DateRange />);
    const toggle = screen.getByRole('switch', { name: 'Date range' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(toggle).toBeChecked();
    await userEvent.keyboard(' ');
    expect(toggle).not.toBeChecked();
  });

  it('does not flip when disabled', async () => {
    const onChange = jest.fn();
    render(<Toggle label="Show Assistant in POS" checked onChange={onChange} disabled />);
    await userEvent.click(screen.getByRole('switch', { name: 'Show Assistant in POS' }));
    expect(onChange).not.toHaveBeenCalled();
  });
});

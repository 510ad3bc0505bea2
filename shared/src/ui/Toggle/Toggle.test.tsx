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

  it('keeps focus but ignores clicks and keys while busy', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<Toggle label="Quick launch Front Counter" checked onChange={onChange} busy />);
    const toggle = screen.getByRole('switch', { name: 'Quick launch Front Counter' });
    await user.tab();
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-disabled', 'true');
    expect(toggle).toHaveAttribute('aria-busy', 'true');
    await user.click(toggle);
    await user.keyboard(' ');
    await user.keyboard('{Enter}');
    expect(onChange).not.toHaveBeenCalled();
    expect(toggle).toHaveFocus();
  });

  it('keeps focus on the switch when it turns busy after a flip', async () => {
    const user = userEvent.setup();
    function Saving() {
      const [on, setOn] = useState(false);
      return <Toggle label="Default station" checked={on} busy={on} onChange={setOn} />;
    }
    render(<Saving />);
    const toggle = screen.getByRole('switch', { name: 'Default station' });
    await user.tab();
    await user.keyboard(' ');
    expect(toggle).toBeChecked();
    expect(toggle).toHaveFocus();
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tooltip, resolvePlacement } from './Tooltip';

describe('Tooltip', () => {
  it('describes its trigger and opens on focus, closing on Escape', async () => {
    render(
      <Tooltip content="After the subscription ends you move to the Trial plan" placement="right">
        <button type="button">Expires Soon</button>
      </Tooltip>,
    );
    const trigger = screen.getByRole('button', { name: 'Expires Soon' });
    expect(trigger).toHaveAccessibleDescription(
      'After the subscription ends you move to the Trial plan',
    );
    const tooltip = screen.getByRole('tooltip', { hidden: true });
    expect(tooltip).not.toHaveClass('is-open');
    await userEvent.tab();
    expect(tooltip).toHaveClass('is-open', 'pos-tooltip__bubble--right');
    await userEvent.keyboard('{Escape}');
    expect(tooltip).not.toHaveClass('is-open');
  });

  it('falls back to top for an invalid placement', () => {
    render(
      <Tooltip content="Help" placement="diagonal">
        <button type="button">?</button>
      </Tooltip>,
    );
    expect(screen.getByRole('tooltip', { hidden: true })).toHaveClass('pos-tooltip__bubble--top');
    expect(resolvePlacement(undefined)).toBe('top');
    expect(resolvePlacement('left')).toBe('left');
  });
});

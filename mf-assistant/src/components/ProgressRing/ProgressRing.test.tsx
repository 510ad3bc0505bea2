import { render, screen, waitFor } from '@testing-library/react';
import { assistantTestIds } from '../../testIds';
import { ProgressRing } from './ProgressRing';

const ring = () => screen.getByTestId(assistantTestIds.widget.ring).parentElement!;

describe('ProgressRing', () => {
  it('shows the first count at once, then sweeps the arc on later changes', async () => {
    const { rerender } = render(<ProgressRing leftToComplete={null} totalAll={9} size="regular" />);
    expect(ring()).not.toHaveClass('is-animated');
    rerender(<ProgressRing leftToComplete={7} totalAll={9} size="regular" />);
    // The count's own commit carries no transition: the arc appears at 7 of 9, not from 0.
    expect(ring()).not.toHaveClass('is-animated');
    expect(screen.getByTestId(assistantTestIds.widget.ringArc)).toHaveAttribute(
      'stroke-dasharray',
      '195.48 251.33',
    );
    await waitFor(() => expect(ring()).toHaveClass('is-animated'));
    rerender(<ProgressRing leftToComplete={6} totalAll={9} size="regular" />);
    expect(ring()).toHaveClass('is-animated');
  });

  it('does not animate while the count is unknown', async () => {
    render(<ProgressRing leftToComplete={null} totalAll={0} size="small" />);
    await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ring()).not.toHaveClass('is-animated');
  });
});

import { render, screen, within } from '@testing-library/react';
import { SESSION, fakeApi } from '../fixtures';
import { Register } from '../Register';
import { AssistantInPos } from './AssistantInPos';

describe('Show Assistant in POS', () => {
  it("shows the owner's ring and remaining tasks when the session carries them", async () => {
    const api = fakeApi({
      session: async () => ({ ...SESSION, assistant: { remaining: 4, total: 9 } }),
    });
    render(<Register api={api} />);
    const assistant = await screen.findByRole('complementary', { name: 'Assistant' });
    expect(within(assistant).getByTestId('register-assistant-remaining')).toHaveTextContent(
      '4 remaining tasks',
    );
  });

  it('shows nothing when the owner turned it off', async () => {
    const api = fakeApi({ session: async () => ({ ...SESSION, assistant: null }) });
    render(<Register api={api} />);
    await screen.findByRole('button', { name: /Espresso/ });
    expect(screen.queryByRole('complementary', { name: 'Assistant' })).toBeNull();
  });

  it("draws spec 2.11's two ring sizes, its arc the share of the tasks left", () => {
    const { container } = render(<AssistantInPos remaining={3} total={12} />);
    const rings = [...container.querySelectorAll('svg')];
    expect(rings.map((ring) => [ring.dataset.radius, ring.dataset.stroke])).toEqual([
      ['40', '8'],
      ['30', '6'],
    ]);
    // A quarter of the circumference (2π × 40 = 251.33).
    expect(rings[0]!.querySelector('.register-assistant-arc')).toHaveAttribute(
      'stroke-dasharray',
      '62.83 251.33',
    );
  });

  it('says all tasks are completed when none is left', () => {
    render(<AssistantInPos remaining={0} total={9} />);
    expect(screen.getByText('Yay! All tasks completed.')).toBeInTheDocument();
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IconButton } from './IconButton';

describe('IconButton', () => {
  it('is named by its aria-label and shows it as a hint on hover', async () => {
    const onClick = jest.fn();
    render(<IconButton icon="menu" aria-label="Open menu" onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('title', 'Open menu');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

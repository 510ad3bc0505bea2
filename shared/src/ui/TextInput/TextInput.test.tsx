import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextInput } from './TextInput';

describe('TextInput', () => {
  it('is named by its label and passes typed text on', async () => {
    const onChange = jest.fn();
    render(<TextInput label="Name" onChange={(event) => onChange(event.target.value)} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    expect(onChange).toHaveBeenLastCalledWith('Ada');
  });

  it('announces its hint and its error and marks itself invalid', () => {
    render(<TextInput label="Email" hint="We never share it" error="Invalid email" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('We never share it Invalid email');
  });

  it('keeps a hidden label for screen readers', () => {
    render(
      <TextInput label="Filter" hideLabel placeholder="Search by name or email" icon="search" />,
    );
    expect(screen.getByRole('textbox', { name: 'Filter' })).toHaveAttribute(
      'placeholder',
      'Search by name or email',
    );
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sampleCard } from '../../fixtures';
import { EditCardForm } from './EditCardForm';

describe('EditCardForm fields', () => {
  it('lays out the address top to bottom, each with its autofill, City and State on one row', () => {
    render(<EditCardForm card={sampleCard()} onSave={jest.fn()} onBack={jest.fn()} />);
    const boxes = screen.getAllByRole('textbox');
    expect(
      boxes.map((box) => [box.getAttribute('name'), box.getAttribute('autocomplete')]),
    ).toEqual([
      ['name', 'name'],
      ['line1', 'address-line1'],
      ['line2', 'address-line2'],
      ['city', 'address-level2'],
      ['state', 'address-level1'],
      ['country', 'country'],
    ]);
    const country = screen.getByRole('textbox', { name: 'Country' });
    expect(country).toHaveAttribute('maxLength', '2');
    expect(country).toHaveAttribute('autoCapitalize', 'characters');
    expect(country).toHaveAccessibleDescription('Two-letter country code, e.g. US');
    const row = screen.getByRole('textbox', { name: 'City' }).closest('.pos-edit-card__row');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getAllByRole('textbox')).toHaveLength(2);
    expect(within(row as HTMLElement).getByRole('textbox', { name: 'State' })).toBeInTheDocument();
  });

  it('requires every address field but Address 2, with the spec text', async () => {
    const user = userEvent.setup();
    const onSave = jest.fn();
    render(<EditCardForm card={sampleCard()} onSave={onSave} onBack={jest.fn()} />);
    for (const label of ['Address 1', 'Address 2', 'City', 'State', 'Country']) {
      await user.clear(screen.getByRole('textbox', { name: label }));
    }
    await user.click(screen.getByRole('button', { name: 'Save billing details' }));
    for (const label of ['Address 1', 'City', 'State', 'Country']) {
      expect(screen.getByText(`${label} field cannot be emptry`)).toBeInTheDocument();
    }
    expect(screen.queryByText('Address 2 field cannot be emptry')).not.toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });
});

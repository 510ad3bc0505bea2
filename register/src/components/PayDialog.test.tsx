import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Tender } from '../types';
import { PayDialog } from './PayDialog';

// Whole journeys typed key by key: on a loaded machine they outlast Jest's 5 s default.
jest.setTimeout(20_000);

function openDialog(total = '12.53', refusal: string | null = null) {
  const user = userEvent.setup();
  const completed: Tender[][] = [];
  render(
    <PayDialog
      total={total}
      currency="USD"
      locale="en-US"
      onComplete={async (tenders) => {
        completed.push(tenders);
        return refusal;
      }}
      onCancel={() => undefined}
    />,
  );
  return { user, completed, dialog: screen.getByRole('dialog', { name: /Take payment/ }) };
}

describe('PayDialog', () => {
  it('splits the total between cash and a card, with the keyboard alone', async () => {
    const { user, completed, dialog } = openDialog();
    expect(screen.getByRole('radio', { name: 'Cash' })).toHaveFocus();
    // Cash first: 5.00 of the 12.53, then Add payment.
    await user.tab();
    await user.keyboard('{Control>}a{/Control}5');
    const add = within(dialog).getByRole('button', { name: 'Add payment' });
    add.focus();
    await user.keyboard('{Enter}');
    expect(within(dialog).getByRole('list', { name: 'Payments' })).toHaveTextContent('Cash $5.00');
    expect(within(dialog).getByTestId('pay-left')).toHaveTextContent('$7.53');
    // Then the card for what is left, and Enter completes the sale.
    expect(screen.getByRole('radio', { name: 'Cash' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    await user.tab();
    await user.keyboard('T-1');
    expect(within(dialog).getByLabelText('Amount')).toHaveValue('7.53');
    await user.keyboard('{Enter}');
    expect(completed).toEqual([
      [
        { method: 'cash', amount: '5.00', tendered: '5.00' },
        { method: 'card', amount: '7.53', reference: 'T-1' },
      ],
    ]);
  });

  it('takes change on the cash that pays the rest, and lets a tender be taken back', async () => {
    const { user, completed, dialog } = openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'Card' }));
    await user.type(within(dialog).getByLabelText('Card terminal reference'), 'T-2');
    const amount = within(dialog).getByLabelText('Amount');
    await user.clear(amount);
    await user.type(amount, '20');
    await user.click(within(dialog).getByRole('button', { name: 'Add payment' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The amount is more than is left to pay.');
    await user.clear(amount);
    await user.type(amount, '2.53');
    await user.click(within(dialog).getByRole('button', { name: 'Add payment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove Card $2.53' }));
    expect(within(dialog).getByTestId('pay-left')).toHaveTextContent('$12.53');
    await user.click(within(dialog).getByRole('radio', { name: 'Card' }));
    await user.type(within(dialog).getByLabelText('Card terminal reference'), 'T-3');
    await user.clear(within(dialog).getByLabelText('Amount'));
    await user.type(within(dialog).getByLabelText('Amount'), '2.53');
    await user.click(within(dialog).getByRole('button', { name: 'Add payment' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Cash' }));
    await user.click(within(dialog).getByRole('button', { name: '$20.00' }));
    expect(within(dialog).getByTestId('pay-change')).toHaveTextContent('$10.00');
    await user.click(within(dialog).getByRole('button', { name: 'Complete sale' }));
    expect(completed).toEqual([
      [
        { method: 'card', amount: '2.53', reference: 'T-3' },
        { method: 'cash', amount: '10.00', tendered: '20.00' },
      ],
    ]);
  });

  it('refuses to complete while a card does not cover what is left', async () => {
    const { user, completed, dialog } = openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'Card' }));
    await user.type(within(dialog).getByLabelText('Card terminal reference'), 'T-4');
    await user.clear(within(dialog).getByLabelText('Amount'));
    await user.type(within(dialog).getByLabelText('Amount'), '10{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('The payments do not cover the total yet.');
    expect(completed).toEqual([]);
  });

  it("shows the store's refusal and keeps the tenders", async () => {
    const { user, dialog } = openDialog(
      '3.24',
      'The payments add up to 3.00, not the total of 3.24.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Complete sale' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The payments add up to 3.00, not the total of 3.24.',
    );
  });
});

import { sampleCard } from '../../fixtures';
import { initialBillingValues, toBillingDetails } from './EditCardForm';

describe('billing details', () => {
  it('starts from the card, with empty text for what Stripe does not have', () => {
    const card = sampleCard();
    expect(initialBillingValues(card)).toEqual({
      name: 'Maya Manager',
      line1: '1 Roastery Lane',
      line2: '',
      city: 'Portland',
      state: 'OR',
      country: 'US',
    });
  });

  it('sends trimmed values, Address 2 only when given, and the country code in upper case', () => {
    expect(
      toBillingDetails({
        name: ' Demo Coffee LLC ',
        line1: ' 1 Roastery Lane ',
        line2: '  ',
        city: 'Portland ',
        state: ' OR',
        country: 'us ',
      }),
    ).toEqual({
      name: 'Demo Coffee LLC',
      address: { line1: '1 Roastery Lane', city: 'Portland', state: 'OR', country: 'US' },
    });
    expect(
      toBillingDetails({
        name: 'A',
        line1: 'B',
        line2: ' Suite 4 ',
        city: 'C',
        state: 'D',
        country: 'GB',
      }).address.line2,
    ).toBe('Suite 4');
  });
});

import { PAYMENT_METHOD_ERRORS } from './texts';

describe('PAYMENT_METHOD_ERRORS', () => {
  it('are spec 8 character for character, one pattern for all four', () => {
    expect(PAYMENT_METHOD_ERRORS).toEqual({
      receiving: 'An error occurred while receiving payment methods.\nPlease try again later',
      attaching: 'An error occurred while attaching payment method.\nPlease try again later',
      updating: 'An error occurred while updating payment method.\nPlease try again later',
      deleting: 'An error occurred while deleting payment method.\nPlease try again later',
    });
  });
});

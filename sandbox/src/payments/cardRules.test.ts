import { cardBrand, cvcProblem, expiryProblem, luhnValid, numberProblem } from './cardRules';

describe('card rules (server and card frame alike)', () => {
  it('names the brand from the first digits', () => {
    expect(cardBrand('4242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('9')).toBe('unknown');
  });

  it('checks the Luhn sum', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });

  it("gives Stripe.js's number errors", () => {
    expect(numberProblem('4242 4242 4242 4242')).toBeNull();
    expect(numberProblem('4000 0000 0000 0002')).toBeNull();
    expect(numberProblem('4242 4242')).toEqual({
      type: 'validation_error',
      code: 'incomplete_number',
      message: 'Your card number is incomplete.',
    });
    expect(numberProblem('4242 4242 4242 4241')).toMatchObject({
      code: 'invalid_number',
      message: 'Your card number is invalid.',
    });
    expect(numberProblem('4242-4242')).toMatchObject({ code: 'invalid_number' });
    expect(numberProblem('378282246310005')).toBeNull();
  });

  it("gives Stripe.js's expiry errors", () => {
    const now = new Date(Date.UTC(2026, 10, 25));
    expect(expiryProblem(12, 30, now)).toBeNull();
    expect(expiryProblem(11, 2026, now)).toBeNull();
    expect(expiryProblem(10, 26, now)).toEqual({
      type: 'validation_error',
      code: 'invalid_expiry_month_past',
      message: "Your card's expiration date is in the past.",
    });
    expect(expiryProblem(12, 25, now)).toMatchObject({
      code: 'invalid_expiry_year_past',
      message: "Your card's expiration year is in the past.",
    });
    expect(expiryProblem(13, 30, now)).toMatchObject({
      code: 'incomplete_expiry',
      message: "Your card's expiration date is incomplete.",
    });
    expect(expiryProblem(1, Number.NaN, now)).toMatchObject({ code: 'incomplete_expiry' });
    expect(expiryProblem(1, 2099, now)).toMatchObject({ code: 'invalid_expiry_year' });
  });

  it('wants 3 CVC digits, 4 for American Express', () => {
    expect(cvcProblem('123', 'visa')).toBeNull();
    expect(cvcProblem('12', 'visa')).toEqual({
      type: 'validation_error',
      code: 'incomplete_cvc',
      message: "Your card's security code is incomplete.",
    });
    expect(cvcProblem('123', 'amex')).toMatchObject({ code: 'incomplete_cvc' });
    expect(cvcProblem('1234', 'amex')).toBeNull();
    expect(cvcProblem('1234', 'visa')).toMatchObject({ code: 'invalid_cvc' });
  });

  it('stand alone, so the card frame can run their source text', () => {
    for (const rule of [cardBrand, luhnValid, numberProblem, expiryProblem, cvcProblem]) {
      const copy = new Function(`${rule.toString()}; return ${rule.name};`)() as typeof rule;
      expect(typeof copy).toBe('function');
    }
    const copied = new Function(
      `${cardBrand.toString()}\n${luhnValid.toString()}\n${numberProblem.toString()}; return numberProblem;`,
    )() as typeof numberProblem;
    expect(copied('4242 4242 4242 4241')).toEqual(numberProblem('4242 4242 4242 4241'));
  });
});

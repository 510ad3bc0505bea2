/**
 * Card number, expiry and CVC rules with Stripe.js's error codes and messages. The server
 * checks a raw card with them, and the card element's frame runs the same functions (their
 * source is put into the frame's script), so both say the same thing. Each function stands
 * alone: no imports, no helpers, because its text is copied.
 */

/** A card problem as Stripe.js reports it in a change event or a result's error. */
export interface CardProblem {
  type: 'validation_error';
  code: string;
  message: string;
}

/** The card brand Stripe.js names for the digits typed so far. */
export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9]|622)/.test(digits)) return 'discover';
  return 'unknown';
}

/** The Luhn checksum every card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** The number's problem, or null when complete and valid. */
export function numberProblem(input: string): CardProblem | null {
  const digits = input.replace(/\s+/g, '');
  const length = /^3[47]/.test(digits) ? 15 : 16;
  if (/\D/.test(digits)) {
    return {
      type: 'validation_error',
      code: 'invalid_number',
      message: 'Your card number is invalid.',
    };
  }
  if (digits.length < length) {
    return {
      type: 'validation_error',
      code: 'incomplete_number',
      message: 'Your card number is incomplete.',
    };
  }
  if (digits.length > length || !/^[2-6]/.test(digits) || !luhnValid(digits)) {
    return {
      type: 'validation_error',
      code: 'invalid_number',
      message: 'Your card number is invalid.',
    };
  }
  return null;
}

/** The expiry's problem (`MM / YY` as typed, or month and 2- or 4-digit year), or null. */
export function expiryProblem(month: number, year: number, now: Date): CardProblem | null {
  if (!Number.isInteger(month) || !Number.isInteger(year) || month < 1 || month > 12) {
    return {
      type: 'validation_error',
      code: 'incomplete_expiry',
      message: "Your card's expiration date is incomplete.",
    };
  }
  const fullYear = year < 100 ? 2000 + year : year;
  const thisYear = now.getUTCFullYear();
  if (fullYear < thisYear) {
    return {
      type: 'validation_error',
      code: 'invalid_expiry_year_past',
      message: "Your card's expiration year is in the past.",
    };
  }
  if (fullYear > thisYear + 50) {
    return {
      type: 'validation_error',
      code: 'invalid_expiry_year',
      message: "Your card's expiration year is invalid.",
    };
  }
  if (fullYear === thisYear && month < now.getUTCMonth() + 1) {
    return {
      type: 'validation_error',
      code: 'invalid_expiry_month_past',
      message: "Your card's expiration date is in the past.",
    };
  }
  return null;
}

/** The CVC's problem for the brand (4 digits for American Express, else 3), or null. */
export function cvcProblem(cvc: string, brand: string): CardProblem | null {
  const length = brand === 'amex' ? 4 : 3;
  if (!/^\d*$/.test(cvc) || cvc.length < length) {
    return {
      type: 'validation_error',
      code: 'incomplete_cvc',
      message: "Your card's security code is incomplete.",
    };
  }
  if (cvc.length > length) {
    return {
      type: 'validation_error',
      code: 'invalid_cvc',
      message: "Your card's security code is invalid.",
    };
  }
  return null;
}

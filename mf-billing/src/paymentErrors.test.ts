import { AxiosError, AxiosHeaders } from 'axios';
import { billingErrorText, billingRefusalReason } from './paymentErrors';

const answer = (status: number, message: string) => {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('failed', 'ERR_BAD_RESPONSE', config, null, {
    status,
    statusText: String(status),
    data: { message },
    headers: {},
    config,
  });
};

describe('billingErrorText', () => {
  it("shows the api's words for a refusal the viewer can act on", () => {
    expect(billingErrorText(answer(400, 'Your card was declined.'), 'fallback')).toBe(
      'Your card was declined.',
    );
    expect(billingErrorText(answer(409, 'You can save at most 2 cards.'), 'fallback')).toBe(
      'You can save at most 2 cards.',
    );
  });

  it("shows the spec's text for a server or network failure", () => {
    expect(billingErrorText(answer(500, 'stack trace'), 'something wrong')).toBe('something wrong');
    expect(billingErrorText(new Error('Network Error'), 'something wrong')).toBe('something wrong');
  });

  it('gives the reason of a refusal only, none for a failure', () => {
    expect(billingRefusalReason(answer(400, 'Your card was declined.'))).toBe(
      'Your card was declined.',
    );
    expect(billingRefusalReason(answer(502, 'The payment provider could not be reached.'))).toBe(
      null,
    );
    expect(billingRefusalReason(new Error('Network Error'))).toBe(null);
  });
});

import {
  failureReason,
  knownStoreFailureText,
  storeFailureText,
} from '../../../src/domain/applications/store-failure';
import { SecretBoxError } from '../../../src/services/secret-box';
import { StoreHttpError, StoreUnreachableError } from '../../../src/services/store-client';

const HOME = 'https://shop.example:8443';

describe('storeFailureText', () => {
  it('names the store by host for each known failure', () => {
    expect(storeFailureText(new StoreUnreachableError('ECONNREFUSED'), HOME)).toBe(
      'The store at shop.example:8443 could not be reached',
    );
    expect(storeFailureText(new SecretBoxError('bad tag'), HOME)).toBe(
      'The stored keys could not be read; connect the store again',
    );
  });

  it('tells a refused key from another store error', () => {
    const rejected = new StoreHttpError(401, 'woocommerce_rest_cannot_view', 'Invalid signature');
    const broken = new StoreHttpError(500, null, 'Internal error');
    expect(storeFailureText(rejected, HOME)).toBe(
      'The store rejected the stored keys: Invalid signature',
    );
    expect(storeFailureText(broken, HOME)).toBe(
      'The store at shop.example:8443 answered with an error: Internal error',
    );
  });

  it('rethrows anything else, which knownStoreFailureText reads as null', () => {
    const bug = new TypeError('undefined is not a function');
    expect(() => storeFailureText(bug, HOME)).toThrow(bug);
    expect(knownStoreFailureText(bug, HOME)).toBeNull();
    expect(failureReason(bug, HOME)).toBe('undefined is not a function');
    expect(failureReason('text', HOME)).toBe('text');
    expect(failureReason(new StoreUnreachableError('x'), HOME)).toContain('could not be reached');
  });
});

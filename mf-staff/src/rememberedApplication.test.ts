import { APPLICATIONS } from './fixtures';
import {
  chooseApplication,
  readRememberedApplication,
  rememberApplication,
} from './rememberedApplication';

const verified = APPLICATIONS.filter((application) => application.isVerifiedAuth);

describe('the remembered application', () => {
  beforeEach(() => localStorage.clear());

  it('is kept per signed-in user', () => {
    rememberApplication('usr_maya', 'app-books');
    rememberApplication('usr_ada', 'app-coffee');
    expect(readRememberedApplication('usr_maya')).toBe('app-books');
    expect(readRememberedApplication('usr_ada')).toBe('app-coffee');
    expect(readRememberedApplication('usr_new')).toBeNull();
  });

  it('is neither kept nor read without a signed-in user', () => {
    rememberApplication(null, 'app-books');
    expect(localStorage.length).toBe(0);
    expect(readRememberedApplication(null)).toBeNull();
  });

  it('is chosen while it is still verified, else the first verified application', () => {
    expect(chooseApplication(verified, 'app-books')?.name).toBe('Demo Book Nook');
    expect(chooseApplication(verified, null)?.name).toBe('Demo Coffee Roasters');
    expect(chooseApplication(verified, 'app-gone')?.name).toBe('Demo Coffee Roasters');
    expect(chooseApplication([], 'app-books')).toBeNull();
  });

  it('survives storage that refuses to be written', () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(() => rememberApplication('usr_maya', 'app-books')).not.toThrow();
    setItem.mockRestore();
  });
});

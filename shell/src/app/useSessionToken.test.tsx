import { act, renderHook } from '@testing-library/react';
import { Observable } from '@pos/shared/rx';
import type { ReactNode } from 'react';
import { testServices } from '../testing/shellHarness';
import { makeToken, nowInSeconds } from '../testing/tokens';
import { ShellServicesProvider } from './ShellContext';
import { useSessionToken } from './useSessionToken';

describe('useSessionToken', () => {
  it('follows the token and subscribes once however often the component renders', () => {
    const services = testServices();
    const token$ = services.session.token$;
    let subscriptions = 0;
    jest.spyOn(services.session, 'token$', 'get').mockReturnValue(
      new Observable<string | null>((subscriber) => {
        subscriptions += 1;
        return token$.subscribe(subscriber);
      }),
    );
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ShellServicesProvider value={services}>{children}</ShellServicesProvider>
    );
    const { result, rerender } = renderHook(() => useSessionToken(), { wrapper });
    rerender();
    rerender();
    expect(result.current).toBeNull();
    expect(subscriptions).toBe(1);

    const token = makeToken({ exp: nowInSeconds() + 3600, nra: nowInSeconds() + 86400 });
    act(() => services.session.setToken(token));
    expect(result.current).toBe(token);
    expect(subscriptions).toBe(1);
  });
});

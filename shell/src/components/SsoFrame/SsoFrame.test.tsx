import { act, screen, waitFor } from '@testing-library/react';
import { makeToken, nowInSeconds } from '../../testing/tokens';
import { renderLean, TEST_ORIGIN, TEST_PROVIDER } from '../../testing/shellHarness';
import { testIds } from '../../testIds';
import { SsoFrame } from './SsoFrame';

const freshToken = () => makeToken({ exp: nowInSeconds() + 3600, nra: nowInSeconds() + 86400 });

function setup() {
  const result = renderLean(<SsoFrame />);
  const frame = screen.getByTestId(testIds.sso.frame) as HTMLIFrameElement;
  const frameWindow = frame.contentWindow as Window;
  const postMessage = jest.spyOn(frameWindow, 'postMessage').mockImplementation(() => {});
  const send = (data: unknown, origin = TEST_PROVIDER, source: Window | null = frameWindow) =>
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
    });
  return { ...result, frame, postMessage, send };
}

beforeEach(() => localStorage.clear());

describe('SsoFrame', () => {
  it('loads the provider frame for this origin, hidden and titled', () => {
    const { frame } = setup();
    expect(frame).toHaveAttribute('title', 'Single sign-on');
    expect(frame).not.toBeVisible();
    expect(frame.getAttribute('src')).toBe(
      `${TEST_PROVIDER}/sso-frame?origin=${encodeURIComponent(TEST_ORIGIN)}`,
    );
  });

  it('answers CHECK_USER_LOGGED_IN to the frame, addressed to the provider origin only', () => {
    const { send, postMessage } = setup();
    send({ type: 'CHECK_USER_LOGGED_IN' });
    expect(postMessage).toHaveBeenCalledWith(
      { type: 'USER_LOGGED_IN', loggedIn: false },
      TEST_PROVIDER,
    );
  });

  it('stores a handed-over token and reloads once the api has set the session cookie', async () => {
    const { send, services } = setup();
    const token = freshToken();
    send({ type: 'SET_TOKEN', token });
    expect(services.session.token).toBe(token);
    expect(localStorage.getItem('pos.token')).toBe(token);
    expect(services.browser.reload).not.toHaveBeenCalled();
    await waitFor(() => expect(services.browser.reload).toHaveBeenCalledTimes(1));
  });

  it('ignores a token that does not decode or is past exp and nra', () => {
    const { send, services } = setup();
    send({ type: 'SET_TOKEN', token: 'garbage' });
    send({
      type: 'SET_TOKEN',
      token: makeToken({ exp: nowInSeconds() - 100, nra: nowInSeconds() - 1 }),
    });
    expect(services.session.token).toBeNull();
    expect(services.browser.reload).not.toHaveBeenCalled();
  });

  it('removes the frame on CLOSE_IFRAME', () => {
    const { send } = setup();
    send({ type: 'CLOSE_IFRAME' });
    expect(screen.queryByTestId(testIds.sso.frame)).not.toBeInTheDocument();
  });

  it.each([
    ['another origin', 'https://evil.example'],
    ['a look-alike origin', `${TEST_PROVIDER}.evil.example`],
    ['this dashboard', TEST_ORIGIN],
  ])('ignores messages from %s', (_label, origin) => {
    const { send, services, postMessage } = setup();
    send({ type: 'SET_TOKEN', token: freshToken() }, origin);
    send({ type: 'CHECK_USER_LOGGED_IN' }, origin);
    send({ type: 'CLOSE_IFRAME' }, origin);
    expect(services.session.token).toBeNull();
    expect(postMessage).not.toHaveBeenCalled();
    expect(screen.getByTestId(testIds.sso.frame)).toBeInTheDocument();
  });

  it('ignores messages from the provider origin that do not come from its frame', () => {
    const { send, services, postMessage } = setup();
    send({ type: 'SET_TOKEN', token: freshToken() }, TEST_PROVIDER, window);
    send({ type: 'CHECK_USER_LOGGED_IN' }, TEST_PROVIDER, null);
    expect(services.session.token).toBeNull();
    expect(postMessage).not.toHaveBeenCalled();
  });
});

import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderLean, testServices } from '../../testing/shellHarness';
import { testIds } from '../../testIds';
import { OnboardingFrame, shownPageOf } from './OnboardingFrame';

const GUIDE = 'https://guide.cloudpos.example/onboarding/stations?step=2';
const GUIDE_ORIGIN = 'https://guide.cloudpos.example';

function setup() {
  const services = testServices();
  const tasksChanged = jest.fn();
  services.bus.on('tasks-changed', tasksChanged);
  renderLean(
    <>
      <button type="button">Open a station</button>
      <OnboardingFrame />
    </>,
    { services },
  );
  const open = (url: string, title = 'Open a station') =>
    act(() => services.bus.emit('open-onboarding-iframe', { url, title }));
  const frameWindow = () =>
    (screen.getByTestId(testIds.onboarding.frame) as HTMLIFrameElement).contentWindow as Window;
  const post = (data: unknown, origin = GUIDE_ORIGIN, source: Window | null = frameWindow()) =>
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
    });
  return { services, tasksChanged, open, post };
}

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('OnboardingFrame', () => {
  it('shows the page of open-onboarding-iframe in a modal frame named by its title', () => {
    const { open } = setup();
    expect(screen.queryByTestId(testIds.onboarding.overlay)).not.toBeInTheDocument();
    open(GUIDE);
    const overlay = screen.getByRole('dialog', { name: 'Open a station' });
    expect(overlay).toHaveAttribute('aria-modal', 'true');
    const frame = screen.getByTitle('Open a station');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', GUIDE);
    expect(screen.getByText('guide.cloudpos.example')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close Open a station' })).toHaveFocus();
  });

  it('opens http(s) addresses only', () => {
    const { open } = setup();
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '/applications',
      'guide.cloudpos.example',
      '',
    ]) {
      open(url);
      expect(screen.queryByTestId(testIds.onboarding.overlay)).not.toBeInTheDocument();
    }
    expect(shownPageOf('http://127.0.0.1:4100/guide', '  ')).toEqual({
      url: 'http://127.0.0.1:4100/guide',
      origin: 'http://127.0.0.1:4100',
      host: '127.0.0.1:4100',
      title: 'Onboarding',
    });
  });

  it('shows the onboarding popup of this dashboard (a same-origin absolute address) and closes on its Close', () => {
    const { open, post } = setup();
    const popup = `${window.location.origin}/service-onboarding?homeUrl=${encodeURIComponent('https://shop.example')}`;
    open(popup, 'Connect your store');
    expect(screen.getByTitle('Connect your store')).toHaveAttribute('src', popup);
    post({ type: 'CLOSE_IFRAME' }, 'https://shop.example');
    expect(screen.getByTestId(testIds.onboarding.overlay)).toBeInTheDocument();
    post({ type: 'CLOSE_IFRAME' }, window.location.origin);
    expect(screen.queryByTestId(testIds.onboarding.overlay)).not.toBeInTheDocument();
  });

  it('closes on CLOSE_IFRAME from its own frame at its own origin, and asks for the tasks again', () => {
    const { open, post, tasksChanged } = setup();
    open(GUIDE);
    post({ type: 'CLOSE_IFRAME' });
    expect(screen.queryByTestId(testIds.onboarding.overlay)).not.toBeInTheDocument();
    expect(tasksChanged).toHaveBeenCalledTimes(1);

    open(GUIDE);
    post(JSON.stringify({ type: 'CLOSE_IFRAME' }));
    expect(screen.queryByTestId(testIds.onboarding.overlay)).not.toBeInTheDocument();
  });

  it('ignores CLOSE_IFRAME from another origin, another window, or another message', () => {
    const { open, post, tasksChanged } = setup();
    open(GUIDE);
    post({ type: 'CLOSE_IFRAME' }, 'https://evil.example');
    post({ type: 'CLOSE_IFRAME' }, 'http://guide.cloudpos.example');
    post({ type: 'CLOSE_IFRAME' }, 'https://guide.cloudpos.example:8443');
    post({ type: 'CLOSE_IFRAME' }, GUIDE_ORIGIN, window);
    post({ type: 'CLOSE_IFRAME' }, GUIDE_ORIGIN, null);
    post({ type: 'SET_TOKEN', token: 'x' });
    post('CLOSE_IFRAME');
    expect(screen.getByTestId(testIds.onboarding.overlay)).toBeInTheDocument();
    expect(tasksChanged).not.toHaveBeenCalled();
  });

  it('closes with its button and with Escape, and gives focus back', async () => {
    const { open } = setup();
    const opener = screen.getByRole('button', { name: 'Open a station' });
    opener.focus();
    open(GUIDE);
    await userEvent.click(screen.getByTestId(testIds.onboarding.close));
    expect(screen.queryByTestId(testIds.onboarding.overlay)).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    open(GUIDE, 'Guide');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Guide' })).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});

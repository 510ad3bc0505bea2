import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ShellServicesProvider } from '../app/ShellContext';
import { fakeApi, testServices } from '../testing/shellHarness';
import { useDangerBubbleLog } from './useDangerBubbleLog';

function setup() {
  const services = testServices();
  const api = fakeApi();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ShellServicesProvider value={services}>{children}</ShellServicesProvider>
  );
  renderHook(() => useDangerBubbleLog(api), { wrapper });
  return { services, api };
}

describe('useDangerBubbleLog', () => {
  it('writes a danger bubble to the feed as an errorNotification and announces it', async () => {
    const { services, api } = setup();
    const logged: string[] = [];
    services.bus.on('activity-logged', ({ name, feedType }) => logged.push(`${feedType}: ${name}`));
    await act(async () =>
      services.bus.emit('notify', { message: 'Store is unreachable', status: 'danger' }),
    );
    expect(api.post).toHaveBeenCalledWith('/activities', {
      name: 'Store is unreachable',
      feedType: 'errorNotification',
    });
    expect(logged).toEqual(['errorNotification: Store is unreachable']);
  });

  it('ignores a failed write', async () => {
    const { services, api } = setup();
    api.post.mockRejectedValueOnce(new Error('offline'));
    const logged: string[] = [];
    services.bus.on('activity-logged', ({ name }) => logged.push(name));
    await act(async () =>
      services.bus.emit('notify', { message: 'Could not save', status: 'danger' }),
    );
    expect(logged).toEqual([]);
  });

  it('leaves other bubbles out of the feed', async () => {
    const { services, api } = setup();
    await act(async () => {
      services.bus.emit('notify', { message: 'Saved', status: 'success' });
      services.bus.emit('notify', { message: 'Heads up', status: 'info' });
      services.bus.emit('notify', { message: 'Saving…', status: 'loading' });
    });
    expect(api.post).not.toHaveBeenCalled();
  });
});

import { act, renderHook } from '@testing-library/react';
import { AxiosError, AxiosHeaders } from 'axios';
import type { ReactNode } from 'react';
import { ShellServicesProvider } from '../app/ShellContext';
import { fakeApi, testServices } from '../testing/shellHarness';
import type { EventSourceLike } from './liveStream';
import { LiveConnection, useLiveStream } from './liveStream';

/** jsdom has no EventSource: a stand-in the test drives. */
class FakeEventSource implements EventSourceLike {
  static opened: FakeEventSource[] = [];
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close(): void {
    this.closed = true;
  }
  open(): void {
    this.onopen?.(new Event('open'));
  }
  send(type: string, id: string, data: unknown): void {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  fail(): void {
    this.onerror?.(new Event('error'));
  }
  get query(): URLSearchParams {
    return new URL(this.url, 'http://localhost').searchParams;
  }
}

const factory = (url: string) => new FakeEventSource(url);
const last = () => FakeEventSource.opened[FakeEventSource.opened.length - 1]!;
const flush = () => act(async () => undefined);

function withTickets() {
  const api = fakeApi();
  let n = 0;
  api.post.mockImplementation(() => {
    n += 1;
    return Promise.resolve({ data: { ticket: `ticket-${n}`, expiresAt: '' } });
  });
  return api;
}

beforeEach(() => {
  FakeEventSource.opened = [];
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

describe('LiveConnection', () => {
  function setup() {
    const services = testServices();
    const api = withTickets();
    const seen: string[] = [];
    services.bus.on('orders-changed', ({ applicationId }) => seen.push(`orders ${applicationId}`));
    services.bus.on('activity-logged', ({ feedType, name }) => seen.push(`${feedType}: ${name}`));
    services.bus.on('live-status', ({ connected }) => seen.push(`connected ${connected}`));
    services.bus.on('tasks-changed', () => seen.push('tasks'));
    const connection = new LiveConnection({
      api,
      bus: services.bus,
      openEventSource: factory,
      backoff: { initialMs: 1000, maxMs: 4000 },
    });
    return { api, seen, connection };
  }

  it('opens the stream with a ticket from the api and emits its events on the bus', async () => {
    const { api, seen, connection } = setup();
    connection.start();
    await flush();
    expect(api.post).toHaveBeenCalledWith('/live/ticket');
    expect(last().url).toBe('/api/connect-ui/live/stream?ticket=ticket-1');
    last().open();
    last().send('orders', '7', { applicationId: 'app-1' });
    last().send('activity', '8', {
      id: 'e1',
      owner: 'u1',
      name: 'Order #12 was processed in Coffee',
      feedType: 'orderProcessed',
      createdAt: '2026-03-01T10:00:00.000Z',
      link: '/applications/app-1',
      linkName: 'Coffee',
    });
    expect(seen).toEqual([
      'connected true',
      'orders app-1',
      'orderProcessed: Order #12 was processed in Coffee',
    ]);
    expect(connection.lastEventId).toBe('8');
    connection.close();
    expect(last().closed).toBe(true);
    expect(seen[seen.length - 1]).toBe('connected false');
  });

  it("maps the api's tasks event (an Assistant task completed) to tasks-changed", async () => {
    const { seen, connection } = setup();
    connection.start();
    await flush();
    last().open();
    last().send('tasks', '12', {
      assistantTaskId: 'open-station',
      applicationId: 'app-1',
      completedAt: '2026-11-27T09:00:00.000Z',
      completedBy: 'event',
    });
    expect(seen).toEqual(['connected true', 'tasks']);
    expect(connection.lastEventId).toBe('12');
    connection.close();
  });

  it('on a reset (its last event no longer kept) makes orders, the feed and the tasks reload, and goes on from its id', async () => {
    const { seen, connection } = setup();
    connection.start();
    await flush();
    last().open();
    last().send('reset', '41', {});
    expect(seen).toEqual(['connected true', 'orders *', ': ', 'tasks']);
    expect(connection.lastEventId).toBe('41');
    connection.close();
  });

  it('reconnects after a break with a new ticket and the last event id, waiting longer each time', async () => {
    const { api, seen, connection } = setup();
    connection.start();
    await flush();
    last().open();
    last().send('orders', '41', { applicationId: 'app-1' });
    const first = last();
    first.fail();
    // The browser's own retry would reuse the spent ticket: this one is closed instead.
    expect(first.closed).toBe(true);
    expect(seen).toContain('connected false');
    await act(async () => jest.advanceTimersByTime(999));
    expect(FakeEventSource.opened).toHaveLength(1);
    await act(async () => jest.advanceTimersByTime(1));
    await flush();
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(last().query.get('ticket')).toBe('ticket-2');
    expect(last().query.get('lastEventId')).toBe('41');
    // It fails again before opening: the next wait doubles.
    last().fail();
    await act(async () => jest.advanceTimersByTime(1999));
    expect(FakeEventSource.opened).toHaveLength(2);
    await act(async () => jest.advanceTimersByTime(1));
    await flush();
    expect(FakeEventSource.opened).toHaveLength(3);
    // Opened: the wait starts over.
    last().open();
    last().fail();
    await act(async () => jest.advanceTimersByTime(1000));
    await flush();
    expect(FakeEventSource.opened).toHaveLength(4);
    expect(api.post).toHaveBeenCalledTimes(4);
    connection.close();
  });

  it('retries when no ticket can be had, up to the longest wait', async () => {
    const { api, connection } = setup();
    api.post.mockRejectedValue(new Error('offline'));
    connection.start();
    await flush();
    for (const wait of [1000, 2000, 4000, 4000]) {
      const calls = api.post.mock.calls.length;
      await act(async () => jest.advanceTimersByTime(wait - 1));
      expect(api.post).toHaveBeenCalledTimes(calls);
      await act(async () => jest.advanceTimersByTime(1));
      await flush();
      expect(api.post).toHaveBeenCalledTimes(calls + 1);
    }
    connection.close();
    await act(async () => jest.advanceTimersByTime(10_000));
    expect(FakeEventSource.opened).toHaveLength(0);
  });

  it.each([401, 402, 403])(
    'stops when the api refuses the ticket with %i (signed out, banned, not allowed)',
    async (status) => {
      const { api, connection } = setup();
      const config = { headers: new AxiosHeaders() };
      api.post.mockRejectedValue(
        new AxiosError('refused', 'ERR_BAD_REQUEST', config, null, {
          status,
          statusText: String(status),
          data: {},
          headers: {},
          config,
        }),
      );
      connection.start();
      await flush();
      expect(api.post).toHaveBeenCalledTimes(1);
      await act(async () => jest.advanceTimersByTime(120_000));
      await flush();
      expect(api.post).toHaveBeenCalledTimes(1);
      expect(FakeEventSource.opened).toHaveLength(0);
      connection.close();
    },
  );

  it('still retries a ticket refused by a failing server (5xx)', async () => {
    const { api, connection } = setup();
    const config = { headers: new AxiosHeaders() };
    api.post.mockRejectedValueOnce(
      new AxiosError('down', 'ERR_BAD_RESPONSE', config, null, {
        status: 503,
        statusText: '503',
        data: {},
        headers: {},
        config,
      }),
    );
    connection.start();
    await flush();
    await act(async () => jest.advanceTimersByTime(1000));
    await flush();
    expect(api.post).toHaveBeenCalledTimes(2);
    expect(FakeEventSource.opened).toHaveLength(1);
    connection.close();
  });

  it('ignores events that are not what the api sends', async () => {
    const { seen, connection } = setup();
    connection.start();
    await flush();
    last().send('orders', '1', { nothing: true });
    last().send('activity', '2', 'not an object');
    expect(seen).toEqual([]);
    connection.close();
  });
});

describe('useLiveStream', () => {
  it('streams while signed in, starts again for a new token and stops at sign-out', async () => {
    const services = testServices();
    const api = withTickets();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ShellServicesProvider value={services}>{children}</ShellServicesProvider>
    );
    renderHook(() => useLiveStream(api, false, factory), { wrapper });
    await flush();
    expect(FakeEventSource.opened).toHaveLength(0);

    await act(async () => services.session.setToken('token-one'));
    await flush();
    expect(FakeEventSource.opened).toHaveLength(1);
    const first = last();
    first.open();
    first.send('activity', '5', { feedType: 'stationOpened', name: 'Station opened' });

    await act(async () => services.session.setToken('token-two'));
    await flush();
    expect(first.closed).toBe(true);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(last().query.get('lastEventId')).toBe('5');

    await act(async () => services.session.setToken(null));
    expect(last().closed).toBe(true);
    await act(async () => jest.advanceTimersByTime(60_000));
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it('opens no stream for a banned account, or before the account is loaded, and opens it once the ban is lifted', async () => {
    const services = testServices();
    const api = withTickets();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ShellServicesProvider value={services}>{children}</ShellServicesProvider>
    );
    await act(async () => services.session.setToken('token-one'));
    const { rerender } = renderHook(
      ({ isBanned }: { isBanned: boolean | null }) => useLiveStream(api, isBanned, factory),
      { wrapper, initialProps: { isBanned: null as boolean | null } },
    );
    await flush();
    expect(api.post).not.toHaveBeenCalled();

    rerender({ isBanned: true });
    await act(async () => jest.advanceTimersByTime(120_000));
    expect(api.post).not.toHaveBeenCalled();
    expect(FakeEventSource.opened).toHaveLength(0);

    rerender({ isBanned: false });
    await flush();
    expect(FakeEventSource.opened).toHaveLength(1);
    const open = last();

    // Banned again (ban-changed): the stream closes.
    rerender({ isBanned: true });
    expect(open.closed).toBe(true);
    await act(async () => jest.advanceTimersByTime(120_000));
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});

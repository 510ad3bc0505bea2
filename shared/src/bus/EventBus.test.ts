import { EventBus } from './EventBus';

describe('EventBus', () => {
  it('delivers a typed payload only to subscribers of that event', () => {
    const bus = new EventBus();
    const notified: string[] = [];
    const tokens: Array<string | null> = [];
    bus.on('notify', (bubble) => notified.push(bubble.message));
    bus.on('token-changed', ({ token }) => tokens.push(token));

    bus.emit('notify', { message: 'Saved', status: 'success' });
    bus.emit('token-changed', { token: null });

    expect(notified).toEqual(['Saved']);
    expect(tokens).toEqual([null]);
  });

  it('stops delivering after unsubscribe', () => {
    const bus = new EventBus();
    let checks = 0;
    const subscription = bus.on('check-ban', () => (checks += 1));
    bus.emit('check-ban');
    subscription.unsubscribe();
    bus.emit('check-ban');
    expect(checks).toBe(1);
  });
});

import axios, { AxiosError, AxiosHeaders } from 'axios';
import { EventBus } from '../bus/EventBus';
import { SessionStore } from '../session/SessionStore';
import { apiErrorMessage, createApiClient } from './client';

function storage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

describe('createApiClient', () => {
  it('sends the bearer token and emits check-ban on a 402', async () => {
    const bus = new EventBus();
    const session = new SessionStore(bus, storage());
    session.setToken('abc');
    const client = createApiClient(session, bus);
    const seen: string[] = [];
    bus.on('check-ban', () => seen.push('check-ban'));
    client.defaults.adapter = async (config) => {
      expect(AxiosHeaders.from(config.headers).get('Authorization')).toBe('Bearer abc');
      const response = {
        data: {},
        status: 402,
        statusText: 'Payment Required',
        headers: {},
        config,
      };
      throw new AxiosError('banned', 'ERR_BAD_REQUEST', config, null, response);
    };
    await expect(client.get('/user-settings')).rejects.toBeInstanceOf(AxiosError);
    expect(seen).toEqual(['check-ban']);
  });

  it('reads the server message of a failed call', () => {
    const config = { headers: new AxiosHeaders() };
    const error = new AxiosError('x', 'ERR', config, null, {
      data: { message: 'Name is required' },
      status: 400,
      statusText: 'Bad Request',
      headers: {},
      config,
    });
    expect(apiErrorMessage(error)).toBe('Name is required');
    expect(apiErrorMessage(new Error('offline'))).toBe('offline');
    expect(apiErrorMessage(42, 'fallback')).toBe('fallback');
    expect(axios.isAxiosError(error)).toBe(true);
  });

  it("gives the fallback instead of an Error's own message when asked to", () => {
    const config = { headers: new AxiosHeaders() };
    const refused = new AxiosError('x', 'ERR', config, null, {
      data: { message: 'Please try again in 12 minutes.' },
      status: 429,
      statusText: 'Too Many Requests',
      headers: {},
      config,
    });
    const bare = new AxiosError('Request failed with status code 500', 'ERR', config, null, {
      data: {},
      status: 500,
      statusText: 'Internal Server Error',
      headers: {},
      config,
    });
    const options = { errorMessage: false };
    expect(apiErrorMessage(refused, 'fallback', options)).toBe('Please try again in 12 minutes.');
    expect(apiErrorMessage(bare, 'fallback', options)).toBe('fallback');
    expect(apiErrorMessage(new Error('Network Error'), 'fallback', options)).toBe('fallback');
    expect(apiErrorMessage(bare, 'fallback')).toBe('Request failed with status code 500');
  });
});

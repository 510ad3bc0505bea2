import axios, { AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';

/** One request the fake api received. */
export interface RecordedRequest {
  method: string;
  url: string;
  params: Record<string, unknown>;
  body: unknown;
}

/** What a fake route answers. */
export interface FakeResponse {
  status: number;
  data?: unknown;
  headers?: Record<string, string>;
}

/**
 * An axios instance whose requests never leave the test: `respond` answers each one, and every
 * request is recorded in `requests`. Answers with status >= 400 reject like a server error; a
 * thrown error rejects like a network failure.
 */
export function createFakeApi(
  respond: (request: RecordedRequest) => FakeResponse | Promise<FakeResponse>,
) {
  const requests: RecordedRequest[] = [];
  const api: AxiosInstance = axios.create({
    adapter: async (config: InternalAxiosRequestConfig) => {
      const request: RecordedRequest = {
        method: (config.method ?? 'get').toUpperCase(),
        url: config.url ?? '',
        params: { ...(config.params as Record<string, unknown>) },
        body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      };
      requests.push(request);
      const { status, data = null, headers = {} } = await respond(request);
      const response = { data, status, statusText: String(status), headers, config };
      if (status >= 400) {
        throw new AxiosError(
          `Request failed with status code ${status}`,
          'ERR_BAD_RESPONSE',
          config,
          null,
          response,
        );
      }
      return response;
    },
  });
  return { api, requests };
}

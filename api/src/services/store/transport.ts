import http from 'node:http';
import https from 'node:https';
import { isPrivateHost, publicOnlyLookup } from './address-guard';
import { StoreUnreachableError } from './errors';

/** How the store client reaches stores. */
export interface TransportOptions {
  /** Time limit of each call, connection to last byte (STORE_TIMEOUT_MS). */
  timeoutMs: number;
  /** Allow addresses on this machine or a private network (STORE_ALLOW_PRIVATE_HOSTS). */
  allowPrivateHosts: boolean;
  /** Extra CA certificates (PEM) to trust for https stores; the system's otherwise. */
  ca?: string;
}

/** Largest answer read from a store; a bigger one is cut off and the call fails. */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

/** A store's answer, whatever its status. */
export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  /** False when the answer was not JSON (an HTML error page, for example). */
  json: boolean;
}

/** The methods the store client uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Sends one request and reads its JSON answer. */
export type Send = (
  method: HttpMethod,
  target: string,
  headers: Record<string, string>,
  payload?: unknown,
) => Promise<RawResponse>;

/**
 * The HTTP(S) requests of the store client: JSON in and out, one time limit from connection
 * to last byte, at most {@link MAX_BODY_BYTES} read, redirects never followed (a redirect
 * could lead to the api's own network). Unless `allowPrivateHosts`, private IP literals and
 * names that resolve to private addresses are refused. Every failure to get an answer
 * rejects with StoreUnreachableError.
 */
export function createTransport(options: TransportOptions): Send {
  const lookup = options.allowPrivateHosts ? undefined : publicOnlyLookup;
  return (method, target, headers, payload) =>
    new Promise((resolve, reject) => {
      const url = new URL(target);
      // An IP literal is connected to without a lookup, so the guard looks at it here.
      if (!options.allowPrivateHosts && isPrivateHost(url.hostname)) {
        reject(new StoreUnreachableError(`${url.hostname} is a private address`));
        return;
      }
      const body = payload === undefined ? undefined : Buffer.from(JSON.stringify(payload));
      const transport = url.protocol === 'https:' ? https : http;
      const request = transport.request(
        url,
        {
          method,
          headers: {
            accept: 'application/json',
            'user-agent': 'CloudPOS/1.0',
            ...(body ? { 'content-type': 'application/json', 'content-length': body.length } : {}),
            ...headers,
          },
          lookup,
          ca: url.protocol === 'https:' ? options.ca : undefined,
          signal: AbortSignal.timeout(options.timeoutMs),
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_BODY_BYTES) {
              request.destroy(new Error('answer too large'));
              return;
            }
            chunks.push(chunk);
          });
          response.on('error', (error) => reject(new StoreUnreachableError(error.message)));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const status = response.statusCode ?? 0;
            try {
              const body: unknown = text ? JSON.parse(text) : null;
              resolve({ status, headers: response.headers, body, json: true });
            } catch {
              resolve({ status, headers: response.headers, body: null, json: false });
            }
          });
        },
      );
      request.on('error', (error) => reject(new StoreUnreachableError(error.message)));
      request.end(body);
    });
}

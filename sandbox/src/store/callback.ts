import { readFile } from 'node:fs/promises';
import { request as httpsRequest } from 'node:https';

/** WooCommerce's wc-auth callback timeout is generous; 15 s is plenty for a local api. */
export const CALLBACK_TIMEOUT_MS = 15_000;

/**
 * POSTs the new key as JSON to the wc-auth `callback_url` (always https: http is refused
 * before any key exists) and resolves with the status code, or with the error for network and
 * TLS failures. When `caFile` is set, exactly that certificate is trusted; it is read now, so
 * a certificate written after the sandbox started still counts.
 */
export async function postCallback(
  url: string,
  body: unknown,
  caFile: string | undefined,
  timeoutMs = CALLBACK_TIMEOUT_MS,
): Promise<number | Error> {
  let ca: string | undefined;
  try {
    ca = caFile ? await readFile(caFile, 'utf8') : undefined;
  } catch (error) {
    return new Error(`could not read STORE_CALLBACK_CA ${caFile}: ${(error as Error).message}`);
  }
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const request = httpsRequest(
      url,
      {
        method: 'POST',
        ca,
        timeout: timeoutMs,
        headers: {
          'content-type': 'application/json;charset=UTF-8',
          'content-length': Buffer.byteLength(payload),
          'user-agent': 'WordPress/6.8; WooCommerce/10.3.0',
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', (error) => resolve(error));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`timed out after ${timeoutMs} ms`)));
    request.on('error', (error) => resolve(error));
    request.end(payload);
  });
}

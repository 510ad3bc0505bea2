/** Calls the api makes to the login provider on a user's behalf. */
export interface LoginProviderClient {
  /** Asks the provider to send the activation email again; rejects on any failure. */
  resendActivation(bearerToken: string): Promise<void>;
  /**
   * The back-channel logout: asks the provider to end the token's session, so that no token of
   * it refreshes again; rejects on any failure.
   */
  endSession(token: string): Promise<void>;
}

/** The provider could not be reached or answered with an error. */
export class ProviderUnavailableError extends Error {
  override readonly name = 'ProviderUnavailableError';
}

/** HTTP client of the login provider (5 s timeout per call). */
export function createLoginProviderClient(
  providerUrl: string,
  timeoutMs = 5000,
): LoginProviderClient {
  const post = async (path: string, init: { headers: Record<string, string>; body?: string }) => {
    let response: Response;
    try {
      response = await fetch(`${providerUrl}${path}`, {
        method: 'POST',
        ...init,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ProviderUnavailableError(`login provider unreachable: ${String(error)}`);
    }
    if (!response.ok) {
      throw new ProviderUnavailableError(`login provider answered ${response.status}`);
    }
    await response.body?.cancel();
  };
  return {
    resendActivation: (bearerToken) =>
      post('/resend-activation', { headers: { authorization: `Bearer ${bearerToken}` } }),
    endSession: (token) =>
      post('/logout', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      }),
  };
}

/** Calls the api makes to the login provider on a user's behalf. */
export interface LoginProviderClient {
  /** Asks the provider to send the activation email again; rejects on any failure. */
  resendActivation(bearerToken: string): Promise<void>;
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
  return {
    async resendActivation(bearerToken) {
      let response: Response;
      try {
        response = await fetch(`${providerUrl}/resend-activation`, {
          method: 'POST',
          headers: { authorization: `Bearer ${bearerToken}` },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new ProviderUnavailableError(`login provider unreachable: ${String(error)}`);
      }
      if (!response.ok) {
        throw new ProviderUnavailableError(`login provider answered ${response.status}`);
      }
      await response.body?.cancel();
    },
  };
}

/** The store could not be reached: DNS, connection, TLS, timeout, or an answer that is not JSON. */
export class StoreUnreachableError extends Error {
  override readonly name = 'StoreUnreachableError';
}

/** The store answered with an HTTP error; `message` is the store's own text. */
export class StoreHttpError extends Error {
  override readonly name = 'StoreHttpError';
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
  }
  /** The store refused the credentials (401/403). */
  get rejected(): boolean {
    return this.status === 401 || this.status === 403;
  }
  get notFound(): boolean {
    return this.status === 404;
  }
  /**
   * WordPress has no route for the call (404 `rest_no_route`): the plugin or the WooCommerce
   * version that would answer it is not active on the site.
   */
  get routeMissing(): boolean {
    return this.status === 404 && this.code === 'rest_no_route';
  }
}

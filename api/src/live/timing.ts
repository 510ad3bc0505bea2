// The live stream's timing, read by the stream and by the hub that checks on its streams.

/** Reconnect delay suggested to the browser (the `retry:` field), in ms. */
export const LIVE_RETRY_MS = 3000;
/** A comment line this often keeps proxies from closing an idle stream. */
export const LIVE_HEARTBEAT_MS = 15_000;
/** Events that come within this window are read and sent together (a burst of orders). */
export const LIVE_COALESCE_MS = 150;

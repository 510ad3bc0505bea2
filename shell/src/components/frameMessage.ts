/** A message a framed page posted: an object with a string `type`. */
export type FrameMessage = Record<string, unknown> & { type: string };

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The message in a `message` event's data, posted as an object or as JSON text; null for
 * anything without a string `type`. Who sent it is the listener's to check (origin and source).
 */
export function frameMessageOf(data: unknown): FrameMessage | null {
  const value = typeof data === 'string' ? safeJson(data) : data;
  if (typeof value !== 'object' || value === null) return null;
  const type = (value as { type?: unknown }).type;
  return typeof type === 'string' ? (value as FrameMessage) : null;
}

import { stack } from './stack';

/** A message of the sandbox outbox, as its JSON listing gives it. */
export interface OutboxMessage {
  id: string;
  to: string[];
  subject: string;
  text: string;
}

/** The messages the sandbox outbox holds for `email`, newest last. */
export async function messagesTo(email: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${stack.mail}/messages?to=${encodeURIComponent(email)}`);
  if (!response.ok) throw new Error(`outbox: ${response.status}`);
  return (await response.json()) as OutboxMessage[];
}

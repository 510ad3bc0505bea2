import { randomUUID } from 'node:crypto';

/** One message received by the sandbox SMTP server. */
export interface OutboxMessage {
  id: string;
  from: string;
  /** Every recipient (To, Cc and the SMTP envelope), lower-cased. */
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  /** ISO 8601. */
  receivedAt: string;
}

export const OUTBOX_LIMIT = 500;

/** Received mail in memory, newest last; the oldest message goes once the limit is reached. */
export class Outbox {
  private messages: OutboxMessage[] = [];

  constructor(private readonly limit = OUTBOX_LIMIT) {}

  add(message: Omit<OutboxMessage, 'id'>): OutboxMessage {
    const stored = { id: randomUUID(), ...message };
    this.messages.push(stored);
    if (this.messages.length > this.limit)
      this.messages.splice(0, this.messages.length - this.limit);
    return stored;
  }

  /** Newest first, optionally only those sent to one address. */
  list(to?: string): OutboxMessage[] {
    const wanted = to?.trim().toLowerCase();
    const matching = wanted ? this.messages.filter((m) => m.to.includes(wanted)) : this.messages;
    return [...matching].reverse();
  }

  get(id: string): OutboxMessage | undefined {
    return this.messages.find((message) => message.id === id);
  }

  clear(): void {
    this.messages = [];
  }
}

import type { AddressObject } from 'mailparser';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Outbox } from './outbox';

export const MAX_MESSAGE_BYTES = 1024 * 1024;

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field == null ? [] : Array.isArray(field) ? field : [field];
  return objects
    .flatMap((object) =>
      object.value.flatMap((entry) => [
        entry.address,
        ...(entry.group ?? []).map((g) => g.address),
      ]),
    )
    .filter((address): address is string => Boolean(address));
}

/** A running SMTP listener. */
export interface SmtpListener {
  port: number;
  close(): Promise<void>;
}

/**
 * Listens for SMTP like a local relay would: no authentication, no TLS, 1 MB per message.
 * Each accepted message is parsed and put in the outbox.
 */
export async function startSmtpServer(
  outbox: Outbox,
  host: string,
  port: number,
  now: () => number,
): Promise<SmtpListener> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    banner: 'Cloud POS sandbox outbox',
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          if ((stream as { sizeExceeded?: boolean }).sizeExceeded) {
            const error = new Error('Message exceeds the 1 MB limit') as Error & {
              responseCode: number;
            };
            error.responseCode = 552;
            return callback(error);
          }
          const envelope = session.envelope.rcptTo.map((rcpt) => rcpt.address);
          const to = [...addressesOf(parsed.to), ...addressesOf(parsed.cc), ...envelope].map((a) =>
            a.toLowerCase(),
          );
          outbox.add({
            from:
              parsed.from?.text ??
              (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
            to: [...new Set(to)],
            subject: parsed.subject ?? '',
            text: (parsed.text ?? '').trimEnd(),
            html: typeof parsed.html === 'string' ? parsed.html : null,
            receivedAt: new Date(now()).toISOString(),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error) => console.error(`smtp server: ${error.message}`));
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

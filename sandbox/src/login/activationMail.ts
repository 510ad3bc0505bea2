import nodemailer from 'nodemailer';
import type { UserRecord } from './users';

export const ACTIVATION_FROM = 'Cloud POS Accounts <no-reply@accounts.sandbox.test>';
export const ACTIVATION_SUBJECT = 'Activate your Cloud POS account';

/** Sends activation mails over SMTP, exactly as the real provider's mailer would. */
export interface ActivationMailer {
  send(user: UserRecord, link: string): Promise<void>;
  close(): void;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function createActivationMailer(relay: { host: string; port: number }): ActivationMailer {
  // Plain SMTP without TLS: the relay is the local outbox (or a dev relay) on 127.0.0.1.
  const transport = nodemailer.createTransport({
    host: relay.host,
    port: relay.port,
    secure: false,
    ignoreTLS: true,
    connectionTimeout: 5000,
    greetingTimeout: 5000,
    socketTimeout: 10000,
  });
  return {
    async send(user, link) {
      const greeting = `Hello ${user.name},`;
      await transport.sendMail({
        from: ACTIVATION_FROM,
        to: user.email,
        subject: ACTIVATION_SUBJECT,
        text: [
          greeting,
          '',
          'Please confirm your email address to activate your Cloud POS account:',
          link,
          '',
          'The link is valid for 14 days. If you did not create an account, ignore this email.',
        ].join('\n'),
        html:
          `<p>${escapeHtml(greeting)}</p>` +
          '<p>Please confirm your email address to activate your Cloud POS account:</p>' +
          `<p><a href="${escapeHtml(link)}">Activate my account</a></p>` +
          '<p>The link is valid for 14 days. If you did not create an account, ignore this email.</p>',
      });
    },
    close() {
      transport.close();
    },
  };
}

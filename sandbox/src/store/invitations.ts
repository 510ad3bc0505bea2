import nodemailer from 'nodemailer';
import { escapeHtml } from '../html';

/** One invitation to join a store's point of sale. */
export interface Invitation {
  to: { name: string; email: string };
  inviterName: string;
  appName: string;
  signupUrl: string;
}

/** A message the store sends as it is (WooCommerce's emails, through wp_mail). */
export interface StoreMessage {
  to: { name: string; email: string };
  subject: string;
  text: string;
  html: string;
}

/** Sends the store's mails over SMTP (the sandbox outbox locally). */
export interface InvitationMailer {
  /** The POS plugin's invitation. */
  send(invitation: Invitation): Promise<void>;
  /** Any other mail of the store (e.g. WooCommerce's customer invoice). */
  sendMessage(message: StoreMessage): Promise<void>;
  close(): void;
}

/** The subject line the POS plugin uses. */
export function invitationSubject(inviterName: string, appName: string): string {
  return `${inviterName} invited you to the ${appName} point of sale`;
}

/**
 * A mailer for one store; `from` names the store, as WordPress's wp_mail would. Plain SMTP
 * without TLS: the relay is the local outbox (or a dev relay) on a private address.
 */
export function createInvitationMailer(
  relay: { host: string; port: number },
  from: string,
): InvitationMailer {
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
    async send({ to, inviterName, appName, signupUrl }) {
      const greeting = `Hello ${to.name},`;
      const line = `${inviterName} invited you to use the ${appName} point of sale.`;
      await transport.sendMail({
        from,
        to: { name: to.name, address: to.email },
        subject: invitationSubject(inviterName, appName),
        text: [greeting, '', line, 'Create your account to get started:', signupUrl].join('\n'),
        html:
          `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(line)}</p>` +
          `<p><a href="${escapeHtml(signupUrl)}">Create your account</a></p>` +
          `<p>Or open this link: ${escapeHtml(signupUrl)}</p>`,
      });
    },
    async sendMessage({ to, subject, text, html }) {
      await transport.sendMail({
        from,
        to: { name: to.name, address: to.email },
        subject,
        text,
        html,
      });
    },
    close() {
      transport.close();
    },
  };
}

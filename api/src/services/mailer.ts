import nodemailer from 'nodemailer';

/** Where and how the api sends mail: an SMTP relay (the sandbox outbox locally). */
export interface SmtpConfig {
  host: string;
  port: number;
  /** TLS from the first byte (port 465 relays); otherwise STARTTLS when the relay offers it. */
  secure: boolean;
  /** Credentials of the relay; null: it takes mail without them. */
  auth: { user: string; pass: string } | null;
}

/** An address with a display name. */
export interface MailAddress {
  name: string;
  address: string;
}

/** One plain-text message. */
export interface MailMessage {
  to: string;
  replyTo?: MailAddress | null;
  subject: string;
  text: string;
}

/** Sends mail; `send` throws when the relay did not take the message. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Time limits of one SMTP exchange, so a relay that hangs fails the request instead. */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 5000,
  greetingTimeout: 5000,
  socketTimeout: 10000,
};

/** A mailer over SMTP with nodemailer, as the sandbox's login provider sends its own mail. */
export function createSmtpMailer(config: SmtpConfig, from: string): Mailer {
  const transport = nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.secure,
    ...(config.auth ? { auth: config.auth } : {}),
    ...SMTP_TIMEOUTS,
  });
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        subject: message.subject,
        text: message.text,
      });
    },
    close() {
      transport.close();
    },
  };
}

import {
  SUPPORT_REQUESTS_PER_HOUR,
  supportMessageOf,
  supportSubjectOf,
  validateSupportMessage,
  validateSupportSubject,
} from '@pos/shared/rules';
import type { UserRow } from '../../db/types';
import type { Repositories } from '../../repositories';
import type { MailMessage, Mailer } from '../../services/mailer';
import { AssistantError, MAIL_FAILED_MESSAGE, rateLimitedMessage } from './errors';

/** The window of the support requests' limit. */
export const SUPPORT_WINDOW_MS = 60 * 60 * 1000;

/** Where support requests go and how. */
export interface SupportMail {
  mailer: Mailer;
  /** The support address (SUPPORT_EMAIL). */
  supportEmail: string;
}

/** A support request as the caller sent it. */
export interface SupportRequestInput {
  subject: unknown;
  message: unknown;
}

/**
 * The mail of one support request: to the support address, Reply-To the user (when they have
 * an email), the request's id in the subject, and who sent it above the message so the
 * support team sees it whatever their mail client shows.
 */
export function supportMailOf(
  supportEmail: string,
  request: { id: string; subject: string; message: string; sentAt: string },
  user: Pick<UserRow, 'id' | 'email' | 'full_name'>,
): MailMessage {
  const name = user.full_name?.trim() || user.email || 'A dashboard user';
  return {
    to: supportEmail,
    replyTo: user.email ? { name, address: user.email } : null,
    subject: `[Support request ${request.id}] ${request.subject}`,
    text: [
      `From: ${name}${user.email ? ` <${user.email}>` : ' (no email on file)'}`,
      `User id: ${user.id}`,
      `Request id: ${request.id}`,
      `Sent: ${request.sentAt}`,
      `Subject: ${request.subject}`,
      '',
      request.message,
    ].join('\n'),
  };
}

/**
 * POST /user-tasks/send-support-request: checks the request (trimmed, the rules of
 * `@pos/shared/rules`), takes one of the user's {@link SUPPORT_REQUESTS_PER_HOUR} hourly slots
 * in the database (so the limit holds across api instances and concurrent requests), and
 * mails it. A mail that fails gives the slot back: nothing is counted. Answers the request's
 * id; throws {@link AssistantError} `invalid`, `rateLimited` or `mailFailed`.
 */
export async function sendSupportRequest(
  repos: Repositories,
  mail: SupportMail,
  user: Pick<UserRow, 'id' | 'email' | 'full_name'>,
  input: SupportRequestInput,
  now = Date.now(),
): Promise<{ id: string }> {
  const problem = validateSupportSubject(input.subject) ?? validateSupportMessage(input.message);
  if (problem) throw new AssistantError('invalid', problem);
  const subject = supportSubjectOf(input.subject);
  const message = supportMessageOf(input.message);
  const claim = await repos.supportRequests.claim(user.id, subject, {
    limit: SUPPORT_REQUESTS_PER_HOUR,
    windowMs: SUPPORT_WINDOW_MS,
    now,
  });
  if ('retryAfterMs' in claim) {
    const seconds = Math.ceil(claim.retryAfterMs / 1000);
    throw new AssistantError(
      'rateLimited',
      rateLimitedMessage(SUPPORT_REQUESTS_PER_HOUR, seconds),
      seconds,
    );
  }
  try {
    await mail.mailer.send(
      supportMailOf(
        mail.supportEmail,
        { id: claim.id, subject, message, sentAt: new Date(now).toISOString() },
        user,
      ),
    );
  } catch (error) {
    await repos.supportRequests.release(claim.id);
    throw new AssistantError('mailFailed', MAIL_FAILED_MESSAGE, undefined, { cause: error });
  }
  return { id: claim.id };
}

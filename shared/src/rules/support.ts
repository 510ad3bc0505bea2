// The rules of the Assistant's support request (issue 14): the panel's new-ticket form shows
// them as it is typed, and the api applies the same functions to
// POST /user-tasks/send-support-request, so the two never disagree on a text. Each validator
// answers its text, or undefined when the value is fine (react-final-form's field validator
// shape); both trim the value first, as the api stores and mails it trimmed.

/** Length limits of a support request, after trimming. */
export const SUPPORT_SUBJECT_MIN_LENGTH = 3;
export const SUPPORT_SUBJECT_MAX_LENGTH = 120;
export const SUPPORT_MESSAGE_MIN_LENGTH = 10;
export const SUPPORT_MESSAGE_MAX_LENGTH = 5000;

/** How many support requests a user may send per hour. */
export const SUPPORT_REQUESTS_PER_HOUR = 3;

/** The texts of the support request form and its answers. */
export const SUPPORT_TEXTS = {
  subjectRequired: 'Subject is required',
  subjectLength: `Subject must be ${SUPPORT_SUBJECT_MIN_LENGTH} to ${SUPPORT_SUBJECT_MAX_LENGTH} characters long`,
  subjectCharacters: 'Subject must be one line of text, without control characters',
  messageRequired: 'Message is required',
  messageLength: `Message must be ${SUPPORT_MESSAGE_MIN_LENGTH} to ${SUPPORT_MESSAGE_MAX_LENGTH} characters long`,
  messageCharacters: 'Message cannot contain control characters other than line breaks',
  sent: 'Your support request was sent',
} as const;

// Every C0 control character and DEL, and the C1 controls; the message allows \n (a line
// break: \r\n and \r are made \n first).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

/** A subject as sent and stored: trimmed. */
export function supportSubjectOf(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** A message as sent and stored: line breaks made \n, trimmed. */
export function supportMessageOf(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\r\n?/g, '\n').trim() : '';
}

/** A subject is one line of 3 to 120 characters once trimmed. */
export function validateSupportSubject(value: unknown): string | undefined {
  const subject = supportSubjectOf(value);
  if (subject === '') return SUPPORT_TEXTS.subjectRequired;
  if (CONTROL.test(subject)) return SUPPORT_TEXTS.subjectCharacters;
  const length = [...subject].length;
  if (length < SUPPORT_SUBJECT_MIN_LENGTH || length > SUPPORT_SUBJECT_MAX_LENGTH) {
    return SUPPORT_TEXTS.subjectLength;
  }
  return undefined;
}

/** A message is 10 to 5000 characters once trimmed; line breaks are its only control characters. */
export function validateSupportMessage(value: unknown): string | undefined {
  const message = supportMessageOf(value);
  if (message === '') return SUPPORT_TEXTS.messageRequired;
  if (CONTROL_BUT_NEWLINE.test(message)) return SUPPORT_TEXTS.messageCharacters;
  const length = [...message].length;
  if (length < SUPPORT_MESSAGE_MIN_LENGTH || length > SUPPORT_MESSAGE_MAX_LENGTH) {
    return SUPPORT_TEXTS.messageLength;
  }
  return undefined;
}

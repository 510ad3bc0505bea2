import { Button, type SupportRequest } from '@pos/shared';
import { FormError, TextAreaField, TextField } from '@pos/shared/forms';
import {
  supportMessageOf,
  supportSubjectOf,
  validateSupportMessage,
  validateSupportSubject,
} from '@pos/shared/rules';
import { FORM_ERROR } from 'final-form';
import { Form } from 'react-final-form';
import { assistantTestIds } from '../../testIds';
import { CANCEL, MESSAGE, MESSAGE_HINT, SEND_REQUEST, SUBJECT, SUBJECT_HINT } from '../../texts';

const ids = assistantTestIds.support;

export interface SupportFormProps {
  id: string;
  /** The form's name, e.g. the card's button text ('Create new ticket'). */
  label: string;
  /** Sends the request: nothing on success, the refusal's text otherwise (shown as FORM_ERROR). */
  onSend: (request: SupportRequest) => Promise<string | undefined>;
  onCancel: () => void;
  /** Puts focus on Subject: the person has just asked for the form. */
  autoFocus?: boolean;
}

/**
 * The support card's new-ticket form (issue 14): Subject and Message, checked as typed with the
 * rules the api applies (@pos/shared/rules, SUPPORT_TEXTS), sent trimmed; the server's refusal
 * (429 the hourly limit, 502 the mail) shows under the fields.
 */
export function SupportForm({ id, label, onSend, onCancel, autoFocus = false }: SupportFormProps) {
  return (
    <Form<SupportRequest>
      onSubmit={async (values) => {
        const refusal = await onSend({
          subject: supportSubjectOf(values.subject),
          message: supportMessageOf(values.message),
        });
        return refusal ? { [FORM_ERROR]: refusal } : undefined;
      }}
      render={({ handleSubmit, submitting }) => (
        <form
          id={id}
          className="assistant-support__form"
          aria-label={label}
          noValidate
          onSubmit={(event) => void handleSubmit(event)}
          data-testid={ids.form}
        >
          <TextField
            name="subject"
            label={SUBJECT}
            hint={SUBJECT_HINT}
            validate={validateSupportSubject}
            busy={submitting}
            required
            autoComplete="off"
            // The person has just asked for the form: they type the subject next.
            autoFocus={autoFocus}
            data-testid={ids.subject}
          />
          <TextAreaField
            name="message"
            label={MESSAGE}
            hint={MESSAGE_HINT}
            validate={validateSupportMessage}
            busy={submitting}
            required
            rows={5}
            data-testid={ids.message}
          />
          <FormError />
          <div className="assistant-support__actions">
            <Button type="submit" icon="mail" loading={submitting} data-testid={ids.submit}>
              {SEND_REQUEST}
            </Button>
            <Button
              variant="ghost"
              onClick={onCancel}
              disabled={submitting}
              data-testid={ids.cancel}
            >
              {CANCEL}
            </Button>
          </div>
        </form>
      )}
    />
  );
}

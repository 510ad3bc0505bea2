import { SUPPORT_TEXTS } from '@pos/shared/rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openPanel } from '../../testing/openPanel';
import { assistantTestIds } from '../../testIds';

const ids = assistantTestIds.support;

const patches = (requests: Awaited<ReturnType<typeof openPanel>>['requests']) =>
  requests.filter((request) => request.method === 'PATCH').map((request) => request.body);
const supportPosts = (requests: Awaited<ReturnType<typeof openPanel>>['requests']) =>
  requests.filter((request) => request.url === 'user-tasks/send-support-request');

async function openForm(...args: Parameters<typeof openPanel>) {
  const opened = await openPanel(...args);
  await userEvent.click(screen.getByRole('button', { name: 'Create new ticket' }));
  const form = await screen.findByRole('form', { name: 'Create new ticket' });
  return { ...opened, form };
}

async function fill(subject: string, message: string) {
  if (subject) await userEvent.type(screen.getByRole('textbox', { name: /Subject/ }), subject);
  if (message) await userEvent.type(screen.getByRole('textbox', { name: /Message/ }), message);
}

// The form is a lazy chunk of the card: load its module once before the tests, as the card's
// own preload does when the panel opens, so a slow first transform does not time out a findBy.
beforeAll(() => import('./SupportForm'));

describe('the support card', () => {
  it('shows its name, description and button from supportCardDetails', async () => {
    await openPanel();
    const card = screen.getByTestId(ids.card);
    expect(card).toHaveAccessibleName('Need a hand?');
    expect(card).toHaveTextContent(
      'Stuck on a step, or something not working as it should? Send a message to our support team and we will answer by email.',
    );
    expect(within(card).getByRole('button', { name: 'Create new ticket' })).toBeInTheDocument();
    expect(within(card).queryByRole('form')).not.toBeInTheDocument();
  });

  it('shows the new-ticket form with its button (PATCH createNewTicket) and hides it with Cancel', async () => {
    const { requests, state } = await openForm();
    expect(patches(requests)).toEqual([{ createNewTicket: true }]);
    expect(state.createNewTicket).toBe(true);
    expect(screen.getByRole('textbox', { name: /Subject/ })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    expect(patches(requests)).toEqual([{ createNewTicket: true }, { createNewTicket: false }]);
    expect(screen.getByRole('button', { name: 'Create new ticket' })).toHaveFocus();
  });

  it('keeps the form shown while createNewTicket is set', async () => {
    await openPanel({ createNewTicket: true });
    expect(await screen.findByRole('form', { name: 'Create new ticket' })).toBeInTheDocument();
    // Opening the panel leaves focus on Close, not in the form.
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('checks Subject and Message with the shared rules and sends nothing until they pass', async () => {
    const { requests } = await openForm();
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    const subject = screen.getByRole('textbox', { name: /Subject/ });
    const message = screen.getByRole('textbox', { name: /Message/ });
    expect(subject).toHaveAccessibleDescription(
      expect.stringContaining(SUPPORT_TEXTS.subjectRequired),
    );
    expect(message).toHaveAccessibleDescription(
      expect.stringContaining(SUPPORT_TEXTS.messageRequired),
    );
    expect(SUPPORT_TEXTS.subjectRequired).toBe('Subject is required');

    await fill('Hi', 'Too short');
    expect(subject).toHaveAccessibleDescription(
      expect.stringContaining('Subject must be 3 to 120 characters long'),
    );
    expect(message).toHaveAccessibleDescription(
      expect.stringContaining('Message must be 10 to 5000 characters long'),
    );
    await userEvent.clear(subject);
    await userEvent.type(subject, 'x'.repeat(121));
    expect(subject).toHaveAccessibleDescription(
      expect.stringContaining(SUPPORT_TEXTS.subjectLength),
    );
    expect(supportPosts(requests)).toEqual([]);
  });

  it('sends the request trimmed, shows the success bubble with its id, and closes the form', async () => {
    const { requests, bubbles } = await openForm();
    await fill('  Station will not open  ', 'The Front Counter station shows a blank page.  ');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByTestId(ids.sent)).toHaveTextContent(
      'Request sr-1 is with our support team. We will answer by email.',
    );
    expect(supportPosts(requests).map((request) => request.body)).toEqual([
      {
        subject: 'Station will not open',
        message: 'The Front Counter station shows a blank page.',
      },
    ]);
    expect(bubbles).toEqual([
      { message: 'Your support request was sent. Request ID: sr-1', status: 'success' },
    ]);
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    expect(patches(requests).at(-1)).toEqual({ createNewTicket: false });
    expect(screen.getByRole('button', { name: 'Create new ticket' })).toHaveFocus();
  });

  it.each([
    [
      429,
      'You have sent 3 support requests in the last hour. Please try again in 42 minutes.',
      'ERR_RATE_LIMITED',
    ],
    [
      502,
      'Your support request could not be sent right now. Please try again in a few minutes.',
      'ERR_MAIL_FAILED',
    ],
  ])(
    "shows the api's words for a %s under the form and keeps what was typed",
    async (status, message, code) => {
      const { bubbles } = await openForm(
        {},
        { supportRequest: () => ({ status, data: { message, code } }) },
      );
      await fill('Station will not open', 'The Front Counter station shows a blank page.');
      await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
      const form = screen.getByRole('form', { name: 'Create new ticket' });
      expect(await within(form).findByRole('alert')).toHaveTextContent(message);
      expect(screen.getByRole('textbox', { name: /Subject/ })).toHaveValue('Station will not open');
      expect(bubbles).toEqual([]);
    },
  );

  it('says the request was not sent when the api gives no words (a network failure)', async () => {
    await openForm(
      {},
      {
        supportRequest: () => {
          throw new Error('Network Error');
        },
      },
    );
    await fill('Station will not open', 'The Front Counter station shows a blank page.');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your support request could not be sent. Please try again.',
    );
  });
});

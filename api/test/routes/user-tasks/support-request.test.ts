import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { DEFAULT_SUPPORT_EMAIL } from '../../../src/config';
import type { TestContext } from '../../helpers/app';
import { asUser, createTestContext } from '../../helpers/app';
import { BASE } from '../../helpers/applications';
import { userIdOf } from '../../helpers/orders';
import type { TestSandbox } from '../../helpers/sandbox';
import { startTestSandbox } from '../../helpers/sandbox';

// POST /user-tasks/send-support-request mails the support address through the sandbox's SMTP
// outbox, as production mails its relay.

let ctx: TestContext;
let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
  ctx = await createTestContext({
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(sandbox.sandbox.smtpPort) },
  });
}, 30_000);
afterAll(async () => {
  await ctx.close();
  await sandbox.close();
});

const send = async (sub: string, payload: object, claims: Record<string, unknown> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `${BASE}/user-tasks/send-support-request`,
    headers: await ctx.bearer(asUser(sub, claims)),
    payload,
  });

const requestsOf = async (sub: string) =>
  ctx.database.db
    .selectFrom('support_requests')
    .selectAll()
    .where('user_id', '=', await userIdOf(ctx, sub))
    .orderBy('created_at')
    .execute();

describe('POST /user-tasks/send-support-request', () => {
  it('mails the support address, answers 201 with the id, and stores the request', async () => {
    const response = await send(
      'usr_sr_maya',
      { subject: '  Stations do not open  ', message: '  The Front Counter\r\nshows an error.  ' },
      { name: 'Maya Manager', email: 'maya@shop.example' },
    );
    expect(response.statusCode).toBe(201);
    const { id, message } = response.json() as { id: string; message: string };
    expect(message).toBe('Your support request was sent');
    const mail = await sandbox.mailTo(DEFAULT_SUPPORT_EMAIL);
    const sent = mail.find((m) => m.subject.includes(id));
    expect(sent?.subject).toBe(`[Support request ${id}] Stations do not open`);
    expect(sent?.text).toContain('From: Maya Manager <maya@shop.example>');
    expect(sent?.text).toContain(`Request id: ${id}`);
    expect(sent?.text).toContain('The Front Counter\nshows an error.');
    const [row] = await requestsOf('usr_sr_maya');
    expect(row).toMatchObject({ id, subject: 'Stations do not open' });
  });

  it.each([
    [
      'a short subject',
      { subject: 'Hi', message: 'A message long enough' },
      'Subject must be 3 to 120 characters long',
    ],
    [
      'a blank subject',
      { subject: '   ', message: 'A message long enough' },
      'Subject is required',
    ],
    [
      'a long subject',
      { subject: 'x'.repeat(121), message: 'A message long enough' },
      'Subject must be 3 to 120',
    ],
    [
      'a subject of two lines',
      { subject: 'Two\nlines', message: 'A message long enough' },
      'Subject must be one line of text, without control characters',
    ],
    [
      'a short message',
      { subject: 'Help me', message: 'too short' },
      'Message must be 10 to 5000 characters long',
    ],
    [
      'a long message',
      { subject: 'Help me', message: 'x'.repeat(5001) },
      'Message must be 10 to 5000',
    ],
    [
      'a control character',
      { subject: 'Help me', message: 'A bell \u0007 in it' },
      'Message cannot contain control characters other than line breaks',
    ],
    ['no message', { subject: 'Help me' }, "body must have required property 'message'"],
    [
      'a message that is no text',
      { subject: 'Help me', message: 42 },
      'body/message must be string',
    ],
    [
      'another field',
      { subject: 'Help me', message: 'A message long enough', cc: 'x' },
      'additional property',
    ],
  ])('refuses %s with 400, sending and counting nothing', async (_case, payload, text) => {
    const response = await send('usr_sr_invalid', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('ERR_VALIDATION');
    expect(response.json().message).toContain(text);
    expect(await requestsOf('usr_sr_invalid')).toEqual([]);
  });

  it('takes 3 requests per user per hour, then 429 with Retry-After and a clear message', async () => {
    const payload = { subject: 'Three a time', message: 'A message long enough' };
    for (let i = 0; i < 3; i += 1) {
      expect((await send('usr_sr_limit', payload)).statusCode).toBe(201);
    }
    const refused = await send('usr_sr_limit', payload);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: 'You have sent 3 support requests in the last hour. Please try again in 60 minutes.',
      code: 'ERR_RATE_LIMITED',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await requestsOf('usr_sr_limit')).toHaveLength(3);
    // Another user has their own three.
    expect((await send('usr_sr_other', payload)).statusCode).toBe(201);
  });

  it('frees a slot when the oldest request leaves the hour', async () => {
    const payload = { subject: 'Hourly window', message: 'A message long enough' };
    for (let i = 0; i < 3; i += 1) await send('usr_sr_window', payload);
    const [oldest] = await requestsOf('usr_sr_window');
    const early = new Date(Date.now() - 59 * 60 * 1000).toISOString();
    await ctx.database.db
      .updateTable('support_requests')
      .set({ created_at: early })
      .where('id', '=', oldest!.id)
      .execute();
    const refused = await send('usr_sr_window', payload);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.json().message).toContain('Please try again in 1 minute.');
    const gone = new Date(Date.now() - 61 * 60 * 1000).toISOString();
    await ctx.database.db
      .updateTable('support_requests')
      .set({ created_at: gone })
      .where('id', '=', oldest!.id)
      .execute();
    expect((await send('usr_sr_window', payload)).statusCode).toBe(201);
  });

  it('holds the limit under concurrent requests', async () => {
    const payload = { subject: 'All at once', message: 'A message long enough' };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => send('usr_sr_burst', payload)),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    expect(await requestsOf('usr_sr_burst')).toHaveLength(3);
  });
});

describe('a support request whose mail cannot be sent', () => {
  let broken: TestContext;
  beforeAll(async () => {
    // A port nothing listens on: the relay refuses the connection.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    broken = await createTestContext({ env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port) } });
  });
  afterAll(() => broken.close());

  it('answers 502 and counts nothing', async () => {
    const payload = { subject: 'Is anyone there', message: 'A message long enough' };
    for (let i = 0; i < 4; i += 1) {
      const response = await broken.app.inject({
        method: 'POST',
        url: `${BASE}/user-tasks/send-support-request`,
        headers: await broken.bearer(asUser('usr_sr_unsent')),
        payload,
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        message:
          'Your support request could not be sent right now. Please try again in a few minutes.',
        code: 'ERR_MAIL_FAILED',
      });
    }
    const rows = await broken.database.db.selectFrom('support_requests').selectAll().execute();
    expect(rows).toEqual([]);
  });
});

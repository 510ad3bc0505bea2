import nodemailer from 'nodemailer';
import type { OutboxMessage } from '../src';
import { Outbox } from '../src/mail/outbox';
import type { TestSandbox } from './helpers';
import { startTestSandbox } from './helpers';

let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});

afterAll(() => sandbox.close());

beforeEach(() => fetch(`${sandbox.mailHttpUrl}/messages`, { method: 'DELETE' }));

function send(mail: nodemailer.SendMailOptions) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: sandbox.smtpPort,
    secure: false,
    ignoreTLS: true,
  });
  return transport.sendMail({ from: 'Shop <shop@store.test>', ...mail }).finally(() => {
    transport.close();
  });
}

async function list(query = ''): Promise<OutboxMessage[]> {
  return (await (await fetch(`${sandbox.mailHttpUrl}/messages${query}`)).json()) as OutboxMessage[];
}

describe('mail outbox', () => {
  it('stores mail received over SMTP and lists it newest first, per recipient', async () => {
    await send({ to: 'Ann <ann@shop.test>', subject: 'First', text: 'one' });
    await send({ to: 'bob@shop.test', cc: 'ANN@shop.test', subject: 'Second', text: 'two' });
    await send({ to: 'bob@shop.test', subject: 'Third', html: '<p>three</p>' });

    const forAnn = await list('?to=ann@shop.test');
    expect(forAnn.map((m) => m.subject)).toEqual(['Second', 'First']);
    expect(forAnn[1]).toMatchObject({
      id: expect.any(String),
      from: '"Shop" <shop@store.test>',
      to: ['ann@shop.test'],
      text: 'one',
      receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect((await list()).map((m) => m.subject)).toEqual(['Third', 'Second', 'First']);
    const [third] = await list('?to=bob@shop.test');
    expect(third?.html).toContain('<p>three</p>');
  });

  it('returns one message by id and 404 for an unknown id', async () => {
    await send({ to: 'cy@shop.test', subject: 'Hello', text: 'hi' });
    const [message] = await list();

    const one = await fetch(`${sandbox.mailHttpUrl}/messages/${message?.id}`);
    expect(await one.json()).toEqual(message);
    expect((await fetch(`${sandbox.mailHttpUrl}/messages/nope`)).status).toBe(404);
  });

  it('empties on DELETE /messages', async () => {
    await send({ to: 'dee@shop.test', subject: 'Bye', text: 'bye' });
    const cleared = await fetch(`${sandbox.mailHttpUrl}/messages`, { method: 'DELETE' });
    expect(cleared.status).toBe(204);
    expect(await list()).toEqual([]);
  });

  it('shows a person their mail on an HTML page, with links clickable and markup escaped', async () => {
    await send({
      to: 'eve@shop.test',
      subject: '<b>Welcome</b>',
      text: 'Open http://127.0.0.1:4100/verify-email?code=abc to continue',
    });
    await send({ to: 'fay@shop.test', subject: 'Not for Eve', text: 'x' });

    const html = await (await fetch(`${sandbox.mailHttpUrl}/?to=eve@shop.test`)).text();
    expect(html).toContain('&lt;b&gt;Welcome&lt;/b&gt;');
    expect(html).toContain('<a href="http://127.0.0.1:4100/verify-email?code=abc">');
    expect(html).toContain('eve@shop.test');
    expect(html).not.toContain('Not for Eve');
  });

  it('refuses a message over 1 MB', async () => {
    await expect(
      send({ to: 'big@shop.test', subject: 'Big', text: 'x'.repeat(1_100_000) }),
    ).rejects.toThrow(/552|size|exceed/i);
    expect(await list('?to=big@shop.test')).toEqual([]);
  });
});

describe('Outbox', () => {
  it('keeps the newest 500 messages', () => {
    const outbox = new Outbox();
    for (let i = 0; i < 502; i += 1) {
      outbox.add({ from: 'a', to: ['b'], subject: `#${i}`, text: '', html: null, receivedAt: '' });
    }
    const kept = outbox.list();
    expect(kept).toHaveLength(500);
    expect(kept[0]?.subject).toBe('#501');
    expect(kept.at(-1)?.subject).toBe('#2');
  });
});

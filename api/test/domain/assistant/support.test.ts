import nodemailer from 'nodemailer';
import { rateLimitedMessage } from '../../../src/domain/assistant/errors';
import { supportMailOf } from '../../../src/domain/assistant/support';

const REQUEST = {
  id: '0190-req',
  subject: 'Stations do not open',
  message: 'The Front Counter\nshows an error.',
  sentAt: '2026-03-01T10:00:00.000Z',
};

describe('supportMailOf', () => {
  it('mails the support address, Reply-To the user, who sent it above the message', () => {
    const mail = supportMailOf('support@cloudpos.sandbox.test', REQUEST, {
      id: 'u-1',
      email: 'maya@shop.example',
      full_name: 'Maya Manager',
    });
    expect(mail).toEqual({
      to: 'support@cloudpos.sandbox.test',
      replyTo: { name: 'Maya Manager', address: 'maya@shop.example' },
      subject: '[Support request 0190-req] Stations do not open',
      text: [
        'From: Maya Manager <maya@shop.example>',
        'User id: u-1',
        'Request id: 0190-req',
        'Sent: 2026-03-01T10:00:00.000Z',
        'Subject: Stations do not open',
        '',
        'The Front Counter\nshows an error.',
      ].join('\n'),
    });
  });

  it('says so when the user has no email to reply to', () => {
    const mail = supportMailOf('support@x.test', REQUEST, {
      id: 'u-2',
      email: null,
      full_name: null,
    });
    expect(mail.replyTo).toBeNull();
    expect(mail.text.split('\n')[0]).toBe('From: A dashboard user (no email on file)');
  });

  it('goes over the wire with a Reply-To header, quoted as nodemailer quotes names', async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const mail = supportMailOf('support@x.test', REQUEST, {
      id: 'u-3',
      email: 'o.brien@shop.example',
      full_name: 'Pat "Shop" O’Brien',
    });
    const info = await transport.sendMail({
      from: 'no-reply@x.test',
      to: mail.to,
      replyTo: mail.replyTo ?? undefined,
      subject: mail.subject,
      text: mail.text,
    });
    const raw = info.message.toString('utf8');
    expect(raw).toMatch(/^Reply-To: .*<o\.brien@shop\.example>$/m);
    expect(raw).toMatch(/^To: support@x\.test$/m);
  });
});

describe('rateLimitedMessage', () => {
  it('says how many were sent and when to try again, in whole minutes', () => {
    expect(rateLimitedMessage(3, 3600)).toBe(
      'You have sent 3 support requests in the last hour. Please try again in 60 minutes.',
    );
    expect(rateLimitedMessage(3, 61)).toContain('in 2 minutes.');
    expect(rateLimitedMessage(3, 5)).toContain('in 1 minute.');
  });
});

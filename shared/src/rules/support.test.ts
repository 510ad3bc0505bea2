import {
  SUPPORT_TEXTS,
  supportMessageOf,
  supportSubjectOf,
  validateSupportMessage,
  validateSupportSubject,
} from './support';

describe('validateSupportSubject', () => {
  it.each([undefined, null, '', '   ', 42])(
    'answers that a subject is required for %p',
    (value) => {
      expect(validateSupportSubject(value)).toBe('Subject is required');
    },
  );

  it.each(['ab', '  ab  ', 'x'.repeat(121)])('refuses the length of %j', (value) => {
    expect(validateSupportSubject(value)).toBe('Subject must be 3 to 120 characters long');
  });

  it.each(['Two\nlines', 'Tab\there', 'Bell\u0007', 'Del\u007f', 'C1\u0085x'])(
    'refuses control characters in %j',
    (value) => {
      expect(validateSupportSubject(value)).toBe(SUPPORT_TEXTS.subjectCharacters);
    },
  );

  it.each(['Hey', '  Stations do not open  ', 'x'.repeat(120), 'Zoë’s café ☕'])(
    'takes %j',
    (value) => {
      expect(validateSupportSubject(value)).toBeUndefined();
    },
  );

  it('counts characters, not UTF-16 units', () => {
    expect(validateSupportSubject('☕'.repeat(120))).toBeUndefined();
    expect(validateSupportSubject('🙂'.repeat(120))).toBeUndefined();
    expect(validateSupportSubject('🙂'.repeat(121))).toBe(SUPPORT_TEXTS.subjectLength);
  });

  it('trims what is sent', () => {
    expect(supportSubjectOf('  Hello there \n')).toBe('Hello there');
    expect(supportSubjectOf(7)).toBe('');
  });
});

describe('validateSupportMessage', () => {
  it.each([undefined, '', ' \n '])('answers that a message is required for %p', (value) => {
    expect(validateSupportMessage(value)).toBe('Message is required');
  });

  it.each(['too short', 'x'.repeat(5001)])('refuses the length of %j', (value) => {
    expect(validateSupportMessage(value)).toBe('Message must be 10 to 5000 characters long');
  });

  it('takes line breaks of every kind, and nothing else of the control characters', () => {
    expect(validateSupportMessage('First line\nsecond line')).toBeUndefined();
    expect(validateSupportMessage('First line\r\nsecond\rthird')).toBeUndefined();
    expect(validateSupportMessage('A tab\tin the middle')).toBe(SUPPORT_TEXTS.messageCharacters);
    expect(validateSupportMessage('A NUL\u0000 in the middle')).toBe(
      SUPPORT_TEXTS.messageCharacters,
    );
  });

  it('makes every line break \\n and trims', () => {
    expect(supportMessageOf('  one\r\ntwo\rthree\n ')).toBe('one\ntwo\nthree');
  });
});

import { hasHiddenCharacters, withoutHiddenCharacters } from './display-text';

describe('hidden characters in names', () => {
  it.each([
    0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200b, 0x200c, 0x200d,
    0x200e, 0x200f, 0x2060, 0xfeff, 0xe0000, 0xe0001, 0xe0041, 0xe007f,
  ])('finds U+%s and removes it', (code) => {
    const text = `Coffee${String.fromCodePoint(code)} Shop`;
    expect(hasHiddenCharacters(text)).toBe(true);
    expect(withoutHiddenCharacters(text)).toBe('Coffee Shop');
  });

  it.each([0x2029, 0x202f, 0x2065, 0x206a, 0x2061, 0xe0080, 0x200a])(
    'leaves U+%s, the neighbours of those ranges, alone',
    (code) => {
      expect(hasHiddenCharacters(`a${String.fromCodePoint(code)}b`)).toBe(false);
    },
  );

  it('leaves visible text alone: accents, right-to-left script, emoji', () => {
    for (const text of ['Café Zürich', 'متجر القهوة', 'Shop ☕ 🍩']) {
      expect(hasHiddenCharacters(text)).toBe(false);
      expect(withoutHiddenCharacters(text)).toBe(text);
    }
  });
});

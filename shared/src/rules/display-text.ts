/**
 * Characters a name must not hold because they change how the text around them is shown
 * without being seen: bidi embeddings and overrides (U+202A–U+202E) and isolates
 * (U+2066–U+2069), which can make 'evil.exe' read as 'exe.live'; zero-width spaces, joiners
 * and marks (U+200B–U+200F), the word joiner (U+2060) and the byte-order mark (U+FEFF), which
 * make two names that look the same differ; and tag characters (U+E0000–U+E007F), invisible
 * text that can carry hidden instructions.
 */
const HIDDEN = /[\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF\u{E0000}-\u{E007F}]/u;
const HIDDEN_ALL = new RegExp(HIDDEN.source, 'gu');

/** Why a name with {@link HIDDEN} characters is refused (after the field's path). */
export const HIDDEN_CHARACTERS_FAULT =
  'must not contain invisible or direction-changing characters (bidi controls, zero-width or tag characters)';

/** Whether `text` holds a character a name must not hold (see {@link HIDDEN}). */
export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN.test(text);
}

/**
 * `text` without the characters a name must not hold: for names the api takes from a store
 * (a site's title, a station's name in an order) rather than from the person typing them.
 */
export function withoutHiddenCharacters(text: string): string {
  return text.replace(HIDDEN_ALL, '');
}

/** The id of the element that holds the server's first paint, before the shell's #root. */
export const FIRST_PAINT_ID = 'shell-first-paint';

import { useLayoutEffect } from 'react';
import { FIRST_PAINT_ID } from './element';

/**
 * Removes the server's first paint (server.tsx), if the page has one. The live page is built
 * behind it out of sight (SignedInLayout.css) and shows in the same frame.
 */
export function dropFirstPaint(doc: Document = document): void {
  doc.getElementById(FIRST_PAINT_ID)?.remove();
}

/**
 * Removes the first paint once `ready` holds, before the browser paints the commit that made it
 * so: the live page replaces it without a blank frame between them.
 */
export function useDropFirstPaint(ready: boolean): void {
  useLayoutEffect(() => {
    if (ready) dropFirstPaint();
  }, [ready]);
}

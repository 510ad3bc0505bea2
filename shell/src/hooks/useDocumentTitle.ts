import { useEffect } from 'react';

/** The product name every document title ends with. */
export const PRODUCT_NAME = 'Cloud POS';

/** Sets document.title to "{title} · Cloud POS" while the calling page is shown. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}

// Reads the text of a PDF (Chromium's print output) with Mozilla's PDF.js, page by page.
// PDF.js ships ES modules only: it is imported when first needed, not required at load.

/** The text of every page of `pdf` (white space collapsed), pages joined by a blank line. */
export async function pdfText(pdf: Buffer): Promise<{ pages: number; text: string }> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: true }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    // Items split words and lines as the layout drew them: runs of white space become one.
    const words = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    pages.push(words.replace(/\s+/g, ' ').trim());
  }
  await document.destroy();
  return { pages: document.numPages, text: pages.join('\n\n') };
}

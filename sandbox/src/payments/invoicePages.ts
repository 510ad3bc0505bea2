import type { FastifyInstance } from 'fastify';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { escapeHtml } from '../html';
import type { PaymentsContext } from './context';
import type { Invoice } from './model';

const dollars = (cents: number) => `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toFixed(2)}`;

const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** The invoice's lines and totals as text rows, shared by the page and the PDF. */
function rows(invoice: Invoice): Array<[string, string]> {
  return [
    ...invoice.lines.map((line): [string, string] => [line.description, dollars(line.amount)]),
    ['Subtotal', dollars(invoice.subtotal)],
    ...invoice.total_discount_amounts.map((entry): [string, string] => [
      'Discount',
      dollars(-entry.amount),
    ]),
    ['Total', dollars(invoice.total)],
    ['Amount due', dollars(invoice.amount_due)],
    ['Amount paid', dollars(invoice.amount_paid)],
  ];
}

/** The PDF of an invoice (`invoice_pdf`): a one-page statement of its lines and totals. */
export async function invoicePdf(invoice: Invoice): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Invoice ${invoice.number}`);
  pdf.setCreator('Cloud POS payments sandbox');
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = 730;
  const text = (value: string, x: number, size = 11, face = font) =>
    page.drawText(value, { x, y, size, font: face, color: rgb(0.11, 0.14, 0.2) });
  text(`Invoice ${invoice.number}`, 56, 20, bold);
  y -= 28;
  text(`Status: ${invoice.status}`, 56);
  y -= 16;
  text(`Billed to: ${invoice.customer_email ?? invoice.customer}`, 56);
  y -= 16;
  text(`Period: ${day(invoice.period_start)} to ${day(invoice.period_end)}`, 56);
  y -= 32;
  for (const [label, amount] of rows(invoice)) {
    // Standard fonts cannot encode every character; the line's text stays readable without.
    text(label.replace(/[^\x20-\x7e]/g, 'x').slice(0, 80), 56);
    text(amount, 480);
    y -= 18;
  }
  return pdf.save();
}

/** The hosted invoice page and the invoice PDF, at the URLs the invoices carry. */
export function invoicePageRoutes(app: FastifyInstance, ctx: PaymentsContext): void {
  app.get<{ Params: { id: string } }>('/invoices/:id', async (request, reply) => {
    const invoice = ctx.state.read.invoices[request.params.id];
    if (!invoice) return reply.status(404).type('text/plain').send('No such invoice');
    const body = rows(invoice)
      .map(([label, amount]) => `<tr><td>${escapeHtml(label)}</td><td>${amount}</td></tr>`)
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Invoice ${escapeHtml(invoice.number)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:40px;color:#1d2433}td{padding:4px 16px 4px 0}</style>
</head><body><main><h1>Invoice ${escapeHtml(invoice.number)}</h1>
<p>Status: <strong>${escapeHtml(invoice.status)}</strong></p>
<p>Period: ${day(invoice.period_start)} to ${day(invoice.period_end)}</p>
<table>${body}</table>
<p><a href="/invoices/${escapeHtml(invoice.id)}/pdf">Download PDF</a></p></main></body></html>`);
  });
  app.get<{ Params: { id: string } }>('/invoices/:id/pdf', async (request, reply) => {
    const invoice = ctx.state.read.invoices[request.params.id];
    if (!invoice) return reply.status(404).type('text/plain').send('No such invoice');
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="Invoice-${invoice.number}.pdf"`)
      .send(Buffer.from(await invoicePdf(invoice)));
  });
}

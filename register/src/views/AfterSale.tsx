import { useCallback, useEffect, useState } from 'react';
import type { RegisterApi } from '../api';
import { DaySummaryView } from '../components/DaySummaryView';
import { Receipt } from '../components/Receipt';
import { RefundDialog } from '../components/RefundDialog';
import { SalesList } from '../components/SalesList';
import { TEXTS } from '../texts';
import type { DaySummary, ReceiptSettings, RefundLine, Sale, SaleEntry } from '../types';

export interface AfterSaleProps {
  api: RegisterApi;
  /** Today's sales (with receipts and refunds), or the end-of-day summary. */
  mode: 'sales' | 'summary';
  storeName: string;
  stationName: string;
  locale: string;
  /** The station's receipt settings (a reopened receipt does not print by itself). */
  receipt: ReceiptSettings;
  onClose: () => void;
  /** Units a refund put back in stock, so the grid shows them. */
  onRestocked: (returned: Array<{ product_id: number; quantity: number }>) => void;
}

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong.';

/**
 * The station's day after its sales: today's sales, each opening its receipt with a refund,
 * and the end-of-day summary (printable). Every figure is the store's.
 */
export function AfterSale(props: AfterSaleProps) {
  const { api, mode, locale, onClose, onRestocked } = props;
  const [sales, setSales] = useState<SaleEntry[] | null>(null);
  const [summary, setSummary] = useState<DaySummary | null>(null);
  const [opened, setOpened] = useState<Sale | null>(null);
  const [refunding, setRefunding] = useState(false);
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      if (mode === 'sales') setSales(await api.sales());
      else setSummary(await api.summary());
      setFailure(null);
    } catch (error) {
      setFailure(messageOf(error));
    }
  }, [api, mode]);

  useEffect(() => {
    void load();
  }, [load]);

  const open = async (entry: SaleEntry) => {
    try {
      setMessage('');
      setOpened(await api.order(entry.id));
    } catch (error) {
      setMessage(messageOf(error));
    }
  };

  const refund = async (reason: string, lines: RefundLine[]): Promise<string | null> => {
    if (!opened) return null;
    try {
      const after = await api.refund(opened.id, reason, lines);
      onRestocked(
        lines.map((line) => ({
          product_id: opened.line_items.find((item) => item.id === line.line_id)?.product_id ?? 0,
          quantity: line.quantity,
        })),
      );
      setOpened(after);
      setRefunding(false);
      setMessage(TEXTS.refundDone(after.number));
      void load();
      return null;
    } catch (error) {
      return messageOf(error);
    }
  };

  const title = mode === 'sales' ? TEXTS.todaysSales : TEXTS.summaryTitle(summary?.date ?? '');
  return (
    <section className="register-after" aria-labelledby="register-after-heading">
      <h2 id="register-after-heading">{title}</h2>
      <p role="status" className="register-notice">
        {message}
      </p>
      {failure && <p role="alert">{failure}</p>}
      {opened ? (
        <Receipt
          sale={opened}
          storeName={props.storeName}
          locale={locale}
          settings={{ ...props.receipt, print: false }}
          onEmail={async (email) => (await api.emailReceipt(opened.id, email)).sent_to}
          closeLabel={TEXTS.backToSales}
          onNewSale={() => setOpened(null)}
          onRefund={() => setRefunding(true)}
        />
      ) : mode === 'sales' ? (
        sales === null ? (
          !failure && <p role="status">{TEXTS.loadingSales}</p>
        ) : (
          <SalesList sales={sales} locale={locale} onOpen={(entry) => void open(entry)} />
        )
      ) : summary === null ? (
        !failure && <p role="status">{TEXTS.loadingSales}</p>
      ) : (
        <DaySummaryView summary={summary} stationName={props.stationName} locale={locale} />
      )}
      <div className="register-actions register-no-print">
        {mode === 'summary' && summary && (
          <button type="button" className="register-secondary" onClick={() => window.print()}>
            {TEXTS.printSummary}
          </button>
        )}
        <button type="button" className="register-secondary" onClick={onClose}>
          {TEXTS.backToSale}
        </button>
      </div>
      {refunding && opened && (
        <RefundDialog sale={opened} onRefund={refund} onCancel={() => setRefunding(false)} />
      )}
    </section>
  );
}

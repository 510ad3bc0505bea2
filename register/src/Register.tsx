import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { RegisterApi } from './api';
import { RegisterError, isUnreachable } from './api';
import { cartLines, cartReducer } from './cart';
import { canAdd, indexCatalogue, loadCatalogue } from './catalogue';
import { AssistantInPos } from './assistant/AssistantInPos';
import { CartPanel } from './components/CartPanel';
import { PayDialog } from './components/PayDialog';
import { ProductGrid } from './components/ProductGrid';
import { Receipt } from './components/Receipt';
import { OfflineStatus } from './offline/OfflineStatus';
import { afterQueuedSale, provisionalTotals, shownSale } from './offline/queue';
import { newSaleKey } from './offline/saleKey';
import type { OfflineStore, ShownSale } from './offline/store';
import { openOfflineStore } from './offline/store';
import { OFFLINE_TEXTS } from './offline/texts';
import { useOfflineSales } from './offline/useOfflineSales';
import { WaitingReceipt } from './offline/WaitingReceipt';
import { TEXTS } from './texts';
import type { CartTotals, Category, Payment, Product, RegisterSession, Sale } from './types';

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong.';

/** What the register loads before it can sell: who sells where, and the catalogue. */
interface Loaded {
  session: RegisterSession;
  categories: Category[];
}

/** The stock left after a sale, so the grid shows it until the catalogue is loaded again. */
function afterSale(products: Product[], sale: Sale): Product[] {
  return products.map((product) => {
    const sold = sale.line_items.find((line) => line.product_id === product.id)?.quantity ?? 0;
    if (sold === 0 || !product.manage_stock || product.stock_quantity === null) return product;
    const left = product.stock_quantity - sold;
    return { ...product, stock_quantity: left, stock_status: left > 0 ? 'instock' : 'outofstock' };
  });
}

export interface RegisterProps {
  api: RegisterApi;
  /** Where the catalogue and the waiting sales are kept (the station's IndexedDB database). */
  offlineStore?: Promise<OfflineStore>;
  /** How often the register asks again whether the store answers, while sales wait. */
  retryMs?: number;
}

/**
 * The register: the catalogue beside the current sale; Pay takes the payment and the store
 * makes the order; the receipt shows at once. Every total is the store's. While the store does
 * not answer it sells from the saved catalogue at provisional totals and queues the sales.
 */
export function Register({ api, offlineStore, retryMs }: RegisterProps) {
  const offlineDb = useMemo(
    () => offlineStore ?? openOfflineStore('cloud-pos-register'),
    [offlineStore],
  );
  const [reloads, setReloads] = useState(0);
  const offline = useOfflineSales(api, offlineDb, {
    retryMs,
    // Back: the catalogue again, with the prices and stock the store settled.
    onBack: () => setReloads((n) => n + 1),
  });
  const { cachedCatalogue, markDown, saveCatalogue, storeAnswers } = offline;
  const saleKey = useRef(newSaleKey());
  const [waitingSale, setWaitingSale] = useState<ShownSale | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [products, setProducts] = useState<Product[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [cart, dispatch] = useReducer(cartReducer, []);
  const [totals, setTotals] = useState<CartTotals | null>(null);
  const [paying, setPaying] = useState(false);
  const [sale, setSale] = useState<Sale | null>(null);

  useEffect(() => {
    let live = true;
    // A reload keeps the grid as it is until the whole catalogue is in.
    const onPage = reloads === 0 ? (so: Product[]) => live && setProducts(so) : undefined;
    Promise.all([api.session(), api.categories()])
      .then(async ([session, categories]) => {
        if (live) setLoaded({ session, categories });
        const all = await loadCatalogue(api, onPage);
        if (live) setProducts(all);
        saveCatalogue({ session, categories, products: all, savedAt: new Date().toISOString() });
      })
      .catch(async (error: unknown) => {
        // The store does not answer: sell from the catalogue saved the last time it did.
        const cached = isUnreachable(error) ? await cachedCatalogue() : undefined;
        if (!live) return;
        if (isUnreachable(error)) markDown();
        if (!cached) {
          if (reloads === 0)
            setFailure(isUnreachable(error) ? OFFLINE_TEXTS.noCache : messageOf(error));
          return;
        }
        if (reloads === 0) {
          setLoaded({ session: cached.session, categories: cached.categories });
          setProducts(cached.products);
        }
      });
    return () => {
      live = false;
    };
  }, [api, cachedCatalogue, markDown, reloads, saveCatalogue]);

  // The store computes the totals of every cart; an answer for an older cart is dropped.
  // While it does not answer, the totals are the sum of the last known prices, provisional.
  const currency = loaded?.session.store.currency ?? '';
  useEffect(() => {
    setTotals(null);
    if (cart.length === 0) return undefined;
    if (!storeAnswers) {
      setTotals(provisionalTotals(cart, currency));
      return undefined;
    }
    let live = true;
    api
      .totals(cartLines(cart))
      .then((answer) => live && setTotals(answer))
      .catch((error: unknown) => {
        if (!live) return;
        if (isUnreachable(error)) markDown();
        else setNotice(messageOf(error));
      });
    return () => {
      live = false;
    };
  }, [api, cart, currency, markDown, storeAnswers]);

  const index = useMemo(() => indexCatalogue(products), [products]);

  const add = useCallback(
    (product: Product) => {
      const inCart = cart.find((item) => item.product.id === product.id)?.quantity ?? 0;
      if (!canAdd(product, inCart)) {
        setNotice(TEXTS.noMoreStock(product.name));
        return;
      }
      setSale(null);
      setWaitingSale(null);
      setNotice('');
      dispatch({ type: 'add', product });
    },
    [cart],
  );

  /** Keeps a sale the store did not answer for in the queue, and shows its waiting receipt. */
  const queueSale = async (payment: Payment) => {
    const shown = shownSale(totals ?? provisionalTotals(cart, currency), payment, new Date());
    await offline.queue({ key: saleKey.current, lines: cartLines(cart), payment, shown });
    saleKey.current = newSaleKey();
    setProducts((current) => afterQueuedSale(current, shown));
    setWaitingSale(shown);
    setSale(null);
    setPaying(false);
    dispatch({ type: 'clear' });
  };

  const complete = async (payment: Payment): Promise<string | null> => {
    if (!totals?.provisional) {
      try {
        // The key makes a sale whose answer is lost safe to send again (from the queue).
        const made = await api.createOrder(cartLines(cart), payment, {
          idempotencyKey: saleKey.current,
        });
        saleKey.current = newSaleKey();
        setProducts((current) => afterSale(current, made));
        setSale(made);
        setWaitingSale(null);
        setPaying(false);
        dispatch({ type: 'clear' });
        return null;
      } catch (error) {
        if (!isUnreachable(error)) {
          return error instanceof RegisterError ? error.message : messageOf(error);
        }
      }
    }
    // The store does not answer: the sale waits in the queue (the browser's storage can fail).
    try {
      await queueSale(payment);
      return null;
    } catch (error) {
      return messageOf(error);
    }
  };

  if (failure) {
    return (
      <main className="register">
        <p role="alert">{failure}</p>
      </main>
    );
  }
  if (!loaded) {
    return (
      <main className="register">
        <p role="status">{TEXTS.loading}</p>
      </main>
    );
  }
  const { store } = loaded.session;
  return (
    <main className="register">
      <ProductGrid
        index={index}
        categories={loaded.categories}
        currency={store.currency}
        locale={store.locale}
        onAdd={add}
        onNotice={setNotice}
      />
      <div className="register-side">
        {loaded.session.assistant && <AssistantInPos {...loaded.session.assistant} />}
        <OfflineStatus
          storeAnswers={storeAnswers}
          waiting={offline.waiting}
          settled={offline.settled}
          locale={store.locale}
          products={products}
          onDismiss={offline.dismiss}
        />
        <p role="status" className="register-notice">
          {notice}
        </p>
        {waitingSale && cart.length === 0 ? (
          <WaitingReceipt
            shown={waitingSale}
            storeName={store.name}
            stationName={loaded.session.station.name}
            cashier={loaded.session.store_user.name || loaded.session.person.name}
            locale={store.locale}
            onNewSale={() => setWaitingSale(null)}
          />
        ) : sale && cart.length === 0 ? (
          <Receipt
            sale={sale}
            storeName={store.name}
            locale={store.locale}
            onNewSale={() => setSale(null)}
          />
        ) : (
          <CartPanel
            cart={cart}
            totals={totals}
            currency={store.currency}
            locale={store.locale}
            dispatch={dispatch}
            onPay={() => setPaying(true)}
            maySell={loaded.session.may_sell}
          />
        )}
      </div>
      {paying && totals && (
        <PayDialog
          total={totals.total}
          currency={store.currency}
          locale={store.locale}
          onComplete={complete}
          onCancel={() => setPaying(false)}
        />
      )}
    </main>
  );
}

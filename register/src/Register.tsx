import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import type { RegisterApi } from './api';
import { RegisterError } from './api';
import { cartLines, cartReducer } from './cart';
import { canAdd, indexCatalogue, loadCatalogue } from './catalogue';
import { CartPanel } from './components/CartPanel';
import { PayDialog } from './components/PayDialog';
import { ProductGrid } from './components/ProductGrid';
import { Receipt } from './components/Receipt';
import { restocked } from './stock';
import { TEXTS } from './texts';
import type { CartTotals, Category, Product, RegisterSession, Sale, Tender } from './types';
import { AfterSale } from './views/AfterSale';

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

/**
 * The register: the catalogue beside the current sale; Pay takes the payment and the store
 * makes the order; the receipt shows at once. Every total is the store's.
 */
export function Register({ api }: { api: RegisterApi }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [products, setProducts] = useState<Product[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [cart, dispatch] = useReducer(cartReducer, []);
  const [totals, setTotals] = useState<CartTotals | null>(null);
  const [paying, setPaying] = useState(false);
  const [sale, setSale] = useState<Sale | null>(null);
  const [after, setAfter] = useState<'sales' | 'summary' | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all([api.session(), api.categories()])
      .then(([session, categories]) => {
        if (live) setLoaded({ session, categories });
        return loadCatalogue(api, (so) => live && setProducts(so));
      })
      .catch((error: unknown) => live && setFailure(messageOf(error)));
    return () => {
      live = false;
    };
  }, [api]);

  // The store computes the totals of every cart; an answer for an older cart is dropped.
  useEffect(() => {
    setTotals(null);
    if (cart.length === 0) return undefined;
    let live = true;
    api
      .totals(cartLines(cart))
      .then((answer) => live && setTotals(answer))
      .catch((error: unknown) => live && setNotice(messageOf(error)));
    return () => {
      live = false;
    };
  }, [api, cart]);

  const index = useMemo(() => indexCatalogue(products), [products]);

  const add = useCallback(
    (product: Product) => {
      const inCart = cart.find((item) => item.product.id === product.id)?.quantity ?? 0;
      if (!canAdd(product, inCart)) {
        setNotice(TEXTS.noMoreStock(product.name));
        return;
      }
      setSale(null);
      setNotice('');
      dispatch({ type: 'add', product });
    },
    [cart],
  );

  const complete = async (tenders: Tender[]): Promise<string | null> => {
    try {
      const made = await api.createOrder(cartLines(cart), tenders);
      setProducts((current) => afterSale(current, made));
      setSale(made);
      setPaying(false);
      dispatch({ type: 'clear' });
      return null;
    } catch (error) {
      return error instanceof RegisterError ? error.message : messageOf(error);
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
        <nav className="register-day register-no-print" aria-label={TEXTS.theDay}>
          <button type="button" className="register-secondary" onClick={() => setAfter('sales')}>
            {TEXTS.todaysSales}
          </button>
          <button type="button" className="register-secondary" onClick={() => setAfter('summary')}>
            {TEXTS.endOfDay}
          </button>
        </nav>
        <p role="status" className="register-notice">
          {notice}
        </p>
        {after ? (
          <AfterSale
            key={after}
            api={api}
            mode={after}
            storeName={store.name}
            stationName={loaded.session.station.name}
            locale={store.locale}
            onClose={() => setAfter(null)}
            onRestocked={(returned) => setProducts((current) => restocked(current, returned))}
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

import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { ADJUST_TEXTS } from './adjustTexts';
import type { RegisterApi } from './api';
import { RegisterError, isUnreachable } from './api';
import type { CartAction, CartItem } from './cart';
import { cartLines, cartReducer } from './cart';
import { canAdd, indexCatalogue, loadCatalogue, onBackorder } from './catalogue';
import { AssistantInPos } from './assistant/AssistantInPos';
import { AdjustmentRows, CouponForm, LineDiscount } from './components/CartAdjustments';
import { CartPanel } from './components/CartPanel';
import { DiscountDialog } from './components/DiscountDialog';
import { ParkedSales } from './components/ParkedSales';
import { PayDialog } from './components/PayDialog';
import { ProductGrid } from './components/ProductGrid';
import { Receipt } from './components/Receipt';
import { SaleDetailsPanel } from './components/SaleDetailsPanel';
import { VariationDialog } from './components/VariationDialog';
import { formatMoney } from './money';
import { useParkedSales } from './parked';
import { restocked } from './stock';
import { OfflineStatus } from './offline/OfflineStatus';
import { afterQueuedSale, provisionalTotals, shownSale } from './offline/queue';
import { newSaleKey } from './offline/saleKey';
import type { OfflineStore, ShownSale } from './offline/store';
import { openOfflineStore } from './offline/store';
import { OFFLINE_TEXTS } from './offline/texts';
import { useOfflineSales } from './offline/useOfflineSales';
import { WaitingReceipt } from './offline/WaitingReceipt';
import { TEXTS } from './texts';
import type {
  CartTotals,
  Category,
  Product,
  RegisterSession,
  Sale,
  SaleDetails,
  Tender,
} from './types';
import { useAdjustments } from './useAdjustments';
import { variationItem } from './variations';
import { AfterSale } from './views/AfterSale';

/** A new sale: a guest, no note. */
const NO_DETAILS: SaleDetails = { customer: null, note: '' };

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong.';

/** What the register loads before it can sell: who sells where, and the catalogue. */
interface Loaded {
  session: RegisterSession;
  categories: Category[];
}

/** An item's stock after `sold` more were sold: below 0 on backorder, if the store takes them. */
function lessStock<T extends Product | Product['variations'][number]>(item: T, sold: number): T {
  if (sold === 0 || !item.manage_stock || item.stock_quantity === null) return item;
  const left = item.stock_quantity - sold;
  const status = left > 0 ? 'instock' : item.backorders === 'no' ? 'outofstock' : 'onbackorder';
  return { ...item, stock_quantity: left, stock_status: status };
}

/** The stock left after a sale, so the grid shows it until the catalogue is loaded again. */
function afterSale(products: Product[], sale: Sale): Product[] {
  const soldOf = (productId: number, variationId: number) =>
    sale.line_items
      .filter((line) => line.product_id === productId && (line.variation_id ?? 0) === variationId)
      .reduce((sum, line) => sum + line.quantity, 0);
  return products.map((product) =>
    product.type === 'variable'
      ? {
          ...product,
          variations: product.variations.map((v) => lessStock(v, soldOf(product.id, v.id))),
        }
      : lessStock(product, soldOf(product.id, 0)),
  );
}

/** What a discount dialog is open for: one line, or the whole cart. */
type Discounting = { item: CartItem } | 'cart' | null;

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
  const [details, setDetails] = useState<SaleDetails>(NO_DETAILS);
  const [choosing, setChoosing] = useState<Product | null>(null);
  const [discounting, setDiscounting] = useState<Discounting>(null);
  const { adjustments, applyCoupon, removeCoupon, setCartDiscount, dropRefused, reset } =
    useAdjustments(api);
  const [after, setAfter] = useState<'sales' | 'summary' | null>(null);

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
    if (cart.length === 0) {
      // A new sale starts without the last one's coupons and discount.
      reset();
      return undefined;
    }
    if (!storeAnswers) {
      setTotals(provisionalTotals(cart, currency));
      return undefined;
    }
    let live = true;
    api
      .totals(cartLines(cart), adjustments)
      .then((answer) => live && setTotals(answer))
      .catch((error: unknown) => {
        if (!live) return;
        if (isUnreachable(error)) {
          markDown();
          return;
        }
        // A coupon the changed cart no longer meets comes off, with WooCommerce's reason.
        dropRefused(error);
        setNotice(messageOf(error));
      });
    return () => {
      live = false;
    };
  }, [api, cart, adjustments, currency, dropRefused, markDown, reset, storeAnswers]);

  const index = useMemo(() => indexCatalogue(products), [products]);

  const add = useCallback(
    (product: Product) => {
      if (product.type === 'variable') {
        setChoosing(product);
        return;
      }
      const inCart = cart.find((item) => item.product.id === product.id)?.quantity ?? 0;
      if (!canAdd(product, inCart)) {
        setNotice(TEXTS.noMoreStock(product.name));
        return;
      }
      setSale(null);
      setWaitingSale(null);
      setNotice(onBackorder(product, inCart) ? ADJUST_TEXTS.soldOnBackorder(product.name) : '');
      dispatch({ type: 'add', product });
    },
    [cart],
  );

  // Clearing the sale forgets its customer and note too.
  const changeCart = useCallback((action: CartAction) => {
    if (action.type === 'clear') setDetails(NO_DETAILS);
    dispatch(action);
  }, []);

  const parking = useParkedSales(
    api,
    { cart, details, products },
    {
      onParked: () => changeCart({ type: 'clear' }),
      onResumed: (items, resumed) => {
        setSale(null);
        dispatch({ type: 'load', items });
        setDetails(resumed);
      },
      onNotice: setNotice,
    },
  );

  /** Keeps a sale the store did not answer for in the queue, and shows its waiting receipt. */
  const queueSale = async (tenders: Tender[]) => {
    const shown = shownSale(totals ?? provisionalTotals(cart, currency), tenders, new Date());
    await offline.queue({
      key: saleKey.current,
      lines: cartLines(cart),
      tenders,
      details,
      adjustments,
      shown,
    });
    saleKey.current = newSaleKey();
    setProducts((current) => afterQueuedSale(current, shown));
    setWaitingSale(shown);
    setSale(null);
    setPaying(false);
    changeCart({ type: 'clear' });
  };

  const complete = async (tenders: Tender[]): Promise<string | null> => {
    if (!totals?.provisional) {
      try {
        // The key makes a sale whose answer is lost safe to send again (from the queue).
        const made = await api.createOrder(cartLines(cart), tenders, {
          details,
          adjustments,
          sale: { idempotencyKey: saleKey.current },
        });
        saleKey.current = newSaleKey();
        setProducts((current) => afterSale(current, made));
        setSale(made);
        setWaitingSale(null);
        setPaying(false);
        changeCart({ type: 'clear' });
        return null;
      } catch (error) {
        if (!isUnreachable(error)) {
          return error instanceof RegisterError ? error.message : messageOf(error);
        }
      }
    }
    // The store does not answer: the sale waits in the queue (the browser's storage can fail).
    try {
      await queueSale(tenders);
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
  const { store, may_discount: mayDiscount } = loaded.session;
  const money = (amount: string) => formatMoney(amount, store.currency, store.locale);
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
            receipt={loaded.session.receipt}
            onClose={() => setAfter(null)}
            onRestocked={(returned) => setProducts((current) => restocked(current, returned))}
          />
        ) : waitingSale && cart.length === 0 ? (
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
            settings={loaded.session.receipt}
            onEmail={async (email) => (await api.emailReceipt(sale.id, email)).sent_to}
            onNewSale={() => setSale(null)}
          />
        ) : (
          <>
            <CartPanel
              cart={cart}
              totals={totals}
              currency={store.currency}
              locale={store.locale}
              dispatch={changeCart}
              onPay={() => setPaying(true)}
              maySell={loaded.session.may_sell}
              lineExtra={(item, index) => (
                <LineDiscount
                  item={item}
                  index={index}
                  totals={totals}
                  money={money}
                  mayDiscount={mayDiscount}
                  onEdit={(line) => setDiscounting({ item: line })}
                />
              )}
              totalsExtra={
                totals && (
                  <AdjustmentRows totals={totals} money={money} onRemoveCoupon={removeCoupon} />
                )
              }
              footerExtra={
                <div className="register-adjust">
                  <CouponForm
                    disabled={cart.length === 0}
                    onApply={(code) => applyCoupon(cart, code)}
                  />
                  {mayDiscount && (
                    <button
                      type="button"
                      className="register-secondary"
                      disabled={cart.length === 0}
                      onClick={() => setDiscounting('cart')}
                    >
                      {ADJUST_TEXTS.cartDiscount}
                    </button>
                  )}
                </div>
              }
            />
            <SaleDetailsPanel
              api={api}
              details={details}
              mayFindCustomers={loaded.session.may_find_customers}
              mayCreateCustomers={loaded.session.may_create_customers}
              onChange={setDetails}
            />
          </>
        )}
        <ParkedSales
          parked={parking.parked}
          canPark={cart.length > 0 && loaded.session.may_sell}
          cartEmpty={cart.length === 0}
          locale={store.locale}
          busy={parking.busy}
          onPark={() => void parking.park()}
          onResume={(parked) => void parking.resume(parked)}
          onDiscard={(parked) => void parking.discard(parked)}
        />
      </div>
      {choosing && (
        <VariationDialog
          product={choosing}
          currency={store.currency}
          locale={store.locale}
          onChoose={(variation) => {
            setChoosing(null);
            add(variationItem(choosing, variation));
          }}
          onCancel={() => setChoosing(null)}
        />
      )}
      {discounting && (
        <DiscountDialog
          title={
            discounting === 'cart'
              ? ADJUST_TEXTS.cartDiscount
              : ADJUST_TEXTS.discountOn(discounting.item.product.name)
          }
          current={discounting === 'cart' ? adjustments.discount : discounting.item.discount}
          onApply={(discount) => {
            if (discounting === 'cart') setCartDiscount(discount);
            else dispatch({ type: 'discount', productId: discounting.item.product.id, discount });
            setDiscounting(null);
          }}
          onCancel={() => setDiscounting(null)}
        />
      )}
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

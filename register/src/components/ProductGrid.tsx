import type { FormEvent } from 'react';
import { useMemo, useState } from 'react';
import { ADJUST_TEXTS } from '../adjustTexts';
import type { CatalogueIndex } from '../catalogue';
import { formatMoney } from '../money';
import { TEXTS } from '../texts';
import type { Category, Product } from '../types';

/** Products shown at once: the grid stays fast whatever the catalogue's size. */
const SHOWN = 200;

export interface ProductGridProps {
  index: CatalogueIndex;
  categories: Category[];
  currency: string;
  locale: string;
  /** Adds one of the product; false when it cannot be added (out of stock). */
  onAdd: (product: Product) => void;
  /** Says something to the cashier (a code that matched nothing). */
  onNotice: (message: string) => void;
}

/**
 * The catalogue: categories, a search by name, SKU or barcode, and the product buttons. A
 * keyboard-wedge scanner types a code and Enter into the search: an exact code (or a search
 * with one result) adds the product and clears the field for the next scan.
 */
export function ProductGrid({
  index,
  categories,
  currency,
  locale,
  onAdd,
  onNotice,
}: ProductGridProps) {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const found = useMemo(() => {
    const matches = index.search(query);
    const name = categories.find((c) => c.slug === category)?.name;
    return name === undefined ? matches : matches.filter((p) => p.category === name);
  }, [index, query, category, categories]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = query.trim();
    if (code === '') return;
    const product = index.byCode(code) ?? (found.length === 1 ? found[0] : undefined);
    if (product) {
      onAdd(product);
      setQuery('');
    } else {
      onNotice(TEXTS.notFound(code));
    }
  };

  return (
    <section className="register-catalogue" aria-labelledby="register-products">
      <h2 id="register-products" className="register-visually-hidden">
        {TEXTS.products}
      </h2>
      <form role="search" onSubmit={submit} className="register-search">
        <label htmlFor="register-search">{TEXTS.search}</label>
        <input
          id="register-search"
          type="search"
          value={query}
          autoComplete="off"
          autoFocus
          onChange={(event) => setQuery(event.target.value)}
        />
      </form>
      <div className="register-categories" role="group" aria-label="Categories">
        {[{ slug: null, name: TEXTS.allCategories }, ...categories].map((c) => (
          <button
            key={c.slug ?? ''}
            type="button"
            aria-pressed={category === c.slug}
            onClick={() => setCategory(c.slug)}
          >
            {c.name}
          </button>
        ))}
      </div>
      {found.length === 0 ? (
        <p className="register-muted">{TEXTS.noMatch}</p>
      ) : (
        <ul className="register-grid" aria-label={TEXTS.products}>
          {found.slice(0, SHOWN).map((product) => {
            const out = product.stock_status === 'outofstock';
            return (
              <li key={product.id}>
                <button
                  type="button"
                  className="register-product"
                  aria-disabled={out}
                  onClick={() => onAdd(product)}
                >
                  <span className="register-product-name">{product.name}</span>
                  <span className="register-muted">
                    {out
                      ? TEXTS.outOfStock
                      : product.stock_status === 'onbackorder'
                        ? ADJUST_TEXTS.onBackorder
                        : product.type === 'variable'
                          ? ADJUST_TEXTS.options(product.variations.length)
                          : product.manage_stock && product.stock_quantity !== null
                            ? TEXTS.inStock(product.stock_quantity)
                            : product.category}
                  </span>
                  <span className="register-product-price">
                    {product.type === 'variable'
                      ? ADJUST_TEXTS.fromPrice(formatMoney(product.price, currency, locale))
                      : formatMoney(product.price, currency, locale)}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

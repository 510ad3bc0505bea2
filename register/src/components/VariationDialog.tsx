import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import { ADJUST_TEXTS } from '../adjustTexts';
import { formatMoney } from '../money';
import { TEXTS } from '../texts';
import type { Product, Variation } from '../types';
import { findVariation, optionAvailable } from '../variations';
import { RegisterDialog } from './RegisterDialog';

export interface VariationDialogProps {
  product: Product;
  currency: string;
  locale: string;
  /** Adds the chosen variation to the sale. */
  onChoose: (variation: Variation) => void;
  onCancel: () => void;
}

/**
 * Choosing a variable product's variation: one group of options per attribute (radio buttons,
 * so arrow keys choose), the chosen variation's price and stock, and Add to sale. Options no
 * variation in stock has are disabled.
 */
export function VariationDialog({
  product,
  currency,
  locale,
  onChoose,
  onCancel,
}: VariationDialogProps) {
  const first = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const complete = product.attributes.every((attribute) => chosen[attribute.name] !== undefined);
  const variation = complete ? findVariation(product, chosen) : undefined;
  const sellable = variation !== undefined && variation.stock_status !== 'outofstock';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (variation && sellable) onChoose(variation);
  };

  let firstOption = true;
  return (
    <RegisterDialog
      titleId="register-variation-title"
      title={ADJUST_TEXTS.chooseOptions(product.name)}
      initialFocus={first}
      onCancel={onCancel}
      onSubmit={submit}
      error={null}
      actions={
        <>
          <button type="submit" className="register-primary" disabled={!sellable}>
            {ADJUST_TEXTS.addToSale}
          </button>
        </>
      }
    >
      {product.attributes.map((attribute) => (
        <fieldset key={attribute.name} className="register-methods">
          <legend>{attribute.name}</legend>
          {attribute.options.map((option) => {
            const isFirst = firstOption;
            firstOption = false;
            return (
              <label key={option}>
                <input
                  ref={isFirst ? first : undefined}
                  type="radio"
                  name={`attribute-${attribute.name}`}
                  value={option}
                  checked={chosen[attribute.name] === option}
                  disabled={!optionAvailable(product, chosen, attribute.name, option)}
                  onChange={() => setChosen((now) => ({ ...now, [attribute.name]: option }))}
                />
                {option}
              </label>
            );
          })}
        </fieldset>
      ))}
      <p aria-live="polite" data-testid="register-variation-summary">
        {complete && !variation && ADJUST_TEXTS.noVariation}
        {variation && (
          <>
            <strong>{formatMoney(variation.price, currency, locale)}</strong>
            {' · '}
            {variation.stock_status === 'outofstock'
              ? ADJUST_TEXTS.unavailable
              : variation.stock_status === 'onbackorder'
                ? ADJUST_TEXTS.onBackorder
                : variation.manage_stock && variation.stock_quantity !== null
                  ? TEXTS.inStock(variation.stock_quantity)
                  : variation.sku}
          </>
        )}
      </p>
    </RegisterDialog>
  );
}

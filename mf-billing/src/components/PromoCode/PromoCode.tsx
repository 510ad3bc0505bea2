import { FORM_ERROR } from 'final-form';
import { Form } from 'react-final-form';
import { Button } from '@pos/shared';
import { FormError, TextField } from '@pos/shared/forms';
import { billingTestIds } from '../../testIds';
import { APPLY, PROMO_CODE } from '../../texts';
import './PromoCode.css';

const ids = billingTestIds.payment;

export interface PromoCodeProps {
  /**
   * Checks the trimmed code (POST /promotion-code); resolves to the text to show when it cannot
   * be used, undefined when it was applied.
   */
  onApply: (promoCode: string) => Promise<string | undefined>;
  /** The viewer cannot subscribe now (a banned account). */
  disabled?: boolean;
}

/**
 * The promo code field (spec 5): what is typed is trimmed, and Apply is disabled while it is
 * empty and while the code is being verified.
 */
export function PromoCode({ onApply, disabled = false }: PromoCodeProps) {
  return (
    <Form<{ promoCode?: string }>
      onSubmit={async ({ promoCode = '' }) => {
        const refused = await onApply(promoCode.trim());
        return refused ? { [FORM_ERROR]: refused } : undefined;
      }}
      subscription={{ submitting: true, values: true }}
      render={({ handleSubmit, submitting, values }) => {
        const empty = (values.promoCode ?? '').trim() === '';
        return (
          <form className="pos-promo" noValidate onSubmit={(event) => void handleSubmit(event)}>
            <div className="pos-promo__row">
              <TextField
                name="promoCode"
                label={PROMO_CODE}
                autoComplete="off"
                spellCheck={false}
                maxLength={64}
                busy={submitting}
                disabled={disabled}
                data-testid={ids.promoInput}
              />
              <Button
                type="submit"
                variant="secondary"
                disabled={empty || disabled}
                loading={submitting}
                data-testid={ids.promoApply}
              >
                {APPLY}
              </Button>
            </div>
            <FormError className="pos-promo__error" data-testid={ids.promoError} />
          </form>
        );
      }}
    />
  );
}

import { OFFLINE_TEXTS } from './texts';

/** The cart's total while the store does not answer: the sum of the shown prices, marked. */
export function ProvisionalTotal({ total }: { total: string }) {
  return (
    <>
      <dt className="register-grand register-provisional">{OFFLINE_TEXTS.provisionalTotal}</dt>
      <dd className="register-grand" data-testid="register-total">
        {total}
      </dd>
      <dd className="register-muted register-provisional-note">{OFFLINE_TEXTS.provisionalNote}</dd>
    </>
  );
}

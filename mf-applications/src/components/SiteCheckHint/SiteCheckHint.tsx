import { useField, useForm } from 'react-final-form';
import { Button, Icon } from '@pos/shared';
import { useSiteCheck, type CheckSite } from '../../hooks/useSiteCheck';
import { notWooCommerce, offerSiteUrl, siteAddressDiffers } from '../../texts';
import './SiteCheckHint.css';

export interface SiteCheckHintProps {
  /** The form's URL field. */
  name: string;
  /** Asks the api about a typed address. */
  check: CheckSite;
  /** The stored URL on the detail form: no check while it is what the field holds. */
  unchangedFrom?: string;
  'data-testid'?: string;
}

/**
 * Under a URL field of a react-final-form form: asks the typed site for its own address and,
 * when the site gives another one (a pasted /wp-admin/ address, `localhost` for a site whose
 * address is 127.0.0.1, no scheme typed), offers 'Use {siteUrl}', which puts it in the field. A
 * site that answers but runs no WooCommerce is told too. A polite live region, so the offer is
 * read out when it appears without taking focus from the field.
 */
export function SiteCheckHint({
  name,
  check: checkSite,
  unchangedFrom,
  'data-testid': testId,
}: SiteCheckHintProps) {
  const { input } = useField<string>(name, { subscription: { value: true } });
  const form = useForm();
  const check = useSiteCheck(checkSite, input.value ?? '', unchangedFrom);
  const siteUrl = check?.differs ? check.siteUrl : null;
  const notStore = check !== null && check.siteUrl !== null && !check.isWooCommerce;

  return (
    <div className="pos-apps-site-check" aria-live="polite" data-testid={testId}>
      {siteUrl && (
        <div className="pos-apps-site-check__offer">
          <p className="pos-apps-site-check__text">
            <Icon name="globe" size={16} />
            <span>{siteAddressDiffers(siteUrl)}</span>
          </p>
          <Button variant="secondary" size="sm" onClick={() => form.change(name, siteUrl)}>
            {offerSiteUrl(siteUrl)}
          </Button>
        </div>
      )}
      {!siteUrl && notStore && (
        <p className="pos-apps-site-check__text">
          <Icon name="info" size={16} />
          <span>{notWooCommerce(check.url)}</span>
        </p>
      )}
    </div>
  );
}

import { Icon, useParcel } from '@pos/shared';
import { billingTestIds } from '../../testIds';
import { CONTACT_SALES, ENTERPRISE, ENTERPRISE_FEATURES, ENTERPRISE_LEAD } from '../../texts';
import { contactSalesUrl } from '../../urls';
import '../PlanCard/PlanCard.css';
import './EnterpriseCard.css';

/**
 * The enterprise card of spec 2.7: its four features and 'Contact Sales', a mail to the sales
 * address of /config.json (without one the deployment has no sales contact, and no link).
 */
export function EnterpriseCard() {
  const { salesEmail } = useParcel();
  return (
    <article
      className="pos-plan-card pos-enterprise-card"
      aria-labelledby="plan-enterprise"
      data-testid={billingTestIds.plans.enterprise}
    >
      <h3 id="plan-enterprise" className="pos-plan-card__name">
        {ENTERPRISE}
      </h3>
      <p className="pos-enterprise-card__lead">{ENTERPRISE_LEAD}</p>
      <ul className="pos-plan-card__features">
        {ENTERPRISE_FEATURES.map((line) => (
          <li key={line}>
            <Icon name="check" size={16} className="pos-plan-card__check" />
            {line}
          </li>
        ))}
      </ul>
      {salesEmail && (
        <a className="pos-enterprise-card__contact" href={contactSalesUrl(salesEmail)}>
          <Icon name="mail" size={16} />
          {CONTACT_SALES}
        </a>
      )}
    </article>
  );
}

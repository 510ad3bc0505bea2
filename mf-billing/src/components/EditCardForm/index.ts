export { EditCardForm, initialBillingValues, toBillingDetails } from './EditCardForm';
export type { BillingDetailsValues, EditCardFormProps } from './EditCardForm';

export { NewCardForm } from './NewCardForm';
export type { NewCardFormProps } from './NewCardForm';

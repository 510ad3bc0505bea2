export { SecretInput } from './SecretInput';
export type { SecretInputProps } from './SecretInput';

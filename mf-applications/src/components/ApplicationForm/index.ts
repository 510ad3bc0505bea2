export { ApplicationForm } from './ApplicationForm';
export type { ApplicationDetailsChange, ApplicationFormProps } from './ApplicationForm';

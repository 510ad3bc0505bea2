export { EnterpriseCard } from './EnterpriseCard';

export { PlanUsageSummary, billsExcess } from './PlanUsageSummary';

export { CompletedTask } from './CompletedTask';

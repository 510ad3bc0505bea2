import type { Customer } from '../types';

/** A customer's name as the register shows it: first and last name, else the email. */
export function customerName(customer: Customer): string {
  return `${customer.first_name} ${customer.last_name}`.trim() || customer.email;
}

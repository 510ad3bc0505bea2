import type { Viewer } from '@pos/shared';
import { createContext, useContext } from 'react';
import type { Account } from './useAccountState';

/** The signed-in account and the viewer derived from it. */
export interface AccountContextValue {
  account: Account;
  viewer: Viewer;
}

const AccountContext = createContext<AccountContextValue | null>(null);

/** Provides the loaded account to the signed-in shell. */
export const AccountProvider = AccountContext.Provider;

/** The signed-in account; only inside the signed-in shell. */
export function useAccount(): AccountContextValue {
  const value = useContext(AccountContext);
  if (!value) throw new Error('useAccount must be used inside AccountProvider');
  return value;
}

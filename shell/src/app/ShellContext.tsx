import { createContext, useContext } from 'react';
import type { ShellServices } from './services';

const ShellContext = createContext<ShellServices | null>(null);

/** Provides the shell's services to its components. */
export const ShellServicesProvider = ShellContext.Provider;

/** The shell's services: bus, session, api client, runtime config, browser. */
export function useShell(): ShellServices {
  const services = useContext(ShellContext);
  if (!services) throw new Error('useShell must be used inside ShellServicesProvider');
  return services;
}

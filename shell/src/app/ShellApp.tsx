import { BrowserRouter } from 'react-router-dom';
import { AppErrorBoundary } from '../components/ErrorBoundary';
import type { InitialCheckResult } from '../session/SessionManager';
import { AppRoutes } from './AppRoutes';
import { ShellServicesProvider } from './ShellContext';
import type { ShellServices } from './services';

/** The whole shell in the browser: services, the 'Error!' boundary and the router. */
export function ShellApp({
  services,
  initialCheck,
}: {
  services: ShellServices;
  initialCheck: Promise<InitialCheckResult>;
}) {
  return (
    <ShellServicesProvider value={services}>
      <AppErrorBoundary>
        <BrowserRouter>
          <AppRoutes initialCheck={initialCheck} />
        </BrowserRouter>
      </AppErrorBoundary>
    </ShellServicesProvider>
  );
}

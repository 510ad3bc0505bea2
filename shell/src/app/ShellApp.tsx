import { AppErrorBoundary } from '../components/ErrorBoundary/AppErrorBoundary';
import { BubbleStack } from '../components/Bubbles/BubbleStack';
import type { InitialCheckResult } from '../session/SessionManager';
import { ShellServicesProvider } from './ShellContext';
import type { ShellServices } from './services';
import { ShellRoot } from './ShellRoot';

/** The whole shell: its services, the 'Error!' boundary, the pages and the bubbles. */
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
        <ShellRoot initialCheck={initialCheck} />
        <BubbleStack />
      </AppErrorBoundary>
    </ShellServicesProvider>
  );
}

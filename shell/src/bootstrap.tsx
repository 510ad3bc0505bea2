import '@pos/shared/tokens.css';
import { ErrorState } from '@pos/shared/lean';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { realBrowser } from './app/browser';
import { createShellServices } from './app/services';
import { ShellApp } from './app/ShellApp';
import { StatusPage } from './components/StatusPage';
import { loadRuntimeFiles } from './config/runtimeConfig';
import { dropFirstPaint } from './firstPaint/takeover';
import { captureAccessError } from './session/accessError';
import { testIds } from './testIds';
import { paths } from './urls';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
const root = createRoot(container);

function ConfigError() {
  return (
    <main className="shell-status-page" data-testid={testIds.app.configError}>
      <h1 className="pos-visually-hidden">Cloud POS could not start</h1>
      <ErrorState
        title="Cloud POS could not start"
        message="The dashboard configuration could not be loaded. Check your connection and try again."
        onRetry={() => window.location.reload()}
      />
    </main>
  );
}

async function start(): Promise<void> {
  // The POS host's access-error cookie lives 2 s: take it before anything slow happens.
  captureAccessError(document, window.sessionStorage, window.location.pathname, paths.accessDenied);
  root.render(
    <StrictMode>
      <StatusPage heading="Loading Cloud POS" message="Loading…" />
    </StrictMode>,
  );
  try {
    const { config, remotes } = await loadRuntimeFiles();
    const services = createShellServices(config, remotes, realBrowser());
    const initialCheck = services.sessionManager.start();
    root.render(
      <StrictMode>
        <ShellApp services={services} initialCheck={initialCheck} />
      </StrictMode>,
    );
  } catch (error) {
    console.error('Cloud POS could not start', error);
    dropFirstPaint();
    root.render(
      <StrictMode>
        <ConfigError />
      </StrictMode>,
    );
  }
}

void start();

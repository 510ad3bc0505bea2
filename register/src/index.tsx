import { createRoot } from 'react-dom/client';
import '@pos/shared/tokens.css';
import './register.css';
import { createRegisterApi } from './api';
import { openOfflineStore } from './offline/store';
import { Register } from './Register';
import type { RegisterConfig } from './types';

// The page (the plugin's /pos/{id}, or the sandbox store's) names the station's routes and
// the session's token in data-config; nothing else is read from the page.
const root = document.getElementById('cloud-pos-register');
if (root) {
  const config = JSON.parse(root.dataset.config ?? '{}') as RegisterConfig;
  // One database per station: its catalogue and the sales waiting for the store.
  const offlineStore = openOfflineStore(`cloud-pos-register-${config.posId}`);
  createRoot(root).render(<Register api={createRegisterApi(config)} offlineStore={offlineStore} />);
}

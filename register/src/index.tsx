import { createRoot } from 'react-dom/client';
import '@pos/shared/tokens.css';
import './register.css';
import { createRegisterApi } from './api';
import { Register } from './Register';
import type { RegisterConfig } from './types';

// The page (the plugin's /pos/{id}, or the sandbox store's) names the station's routes and
// the session's token in data-config; nothing else is read from the page.
const root = document.getElementById('cloud-pos-register');
if (root) {
  const config = JSON.parse(root.dataset.config ?? '{}') as RegisterConfig;
  createRoot(root).render(<Register api={createRegisterApi(config)} />);
}

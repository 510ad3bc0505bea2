// The standalone dev page: the Assistant's widget in a stand-in of the dark side navigation, and
// the panel it opens, without the shell (`pnpm --filter @pos/mf-assistant dev`); @pos/shared's
// dev harness makes the bus, session and api.
import { startDevPage } from '@pos/shared/dev';
import { ASSISTANT } from './texts';
import { Assistant } from './views/Assistant';
import './bootstrap.css';

startDevPage({
  title: 'mf_assistant · standalone',
  basePath: '/',
  signInAs: 'a manager',
  fallbackPath: '/',
  pages: [
    {
      path: '/',
      label: ASSISTANT,
      end: true,
      element: (
        <div className="assistant-dev-sidebar">
          <Assistant />
        </div>
      ),
    },
  ],
});

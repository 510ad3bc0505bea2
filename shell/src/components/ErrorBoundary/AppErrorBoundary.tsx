import { Component, type ErrorInfo, type ReactNode } from 'react';
import { dropFirstPaint } from '../../firstPaint/takeover';
import { testIds } from '../../testIds';
import './AppErrorBoundary.css';

interface State {
  failed: boolean;
}

/** Spec 2.2: when rendering fails, the whole page falls back to 'Error!'. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('The dashboard failed to render', error, info.componentStack);
    // 'Error!' must not stay behind the server's first paint of the page.
    dropFirstPaint();
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="shell-fatal" data-testid={testIds.app.errorFallback}>
        <div className="shell-fatal__panel" role="alert">
          <h1 className="shell-fatal__title">Error!</h1>
          <p className="shell-fatal__text">
            Something went wrong while showing this page. Reloading usually fixes it.
          </p>
          <button
            type="button"
            className="pos-button pos-button--primary pos-button--md"
            onClick={() => window.location.reload()}
          >
            Reload the page
          </button>
        </div>
      </main>
    );
  }
}

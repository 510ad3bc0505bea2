import { Component, type ErrorInfo, type ReactNode } from 'react';
import { SlotError } from './SlotError';

interface Props {
  /** The slot's name in '{title} is unavailable right now.' */
  title: string;
  /** The slot is in the side navigation: a one-line failure (see SlotError). */
  compact?: boolean;
  children: ReactNode;
}

interface State {
  failed: boolean;
  attempt: number;
}

/** Keeps a failure inside one slot: the rest of the page goes on, and the slot can retry. */
export class SlotErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, attempt: 0 };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`${this.props.title} failed to render`, error, info.componentStack);
  }

  private readonly retry = () => {
    this.setState((state) => ({ failed: false, attempt: state.attempt + 1 }));
  };

  override render() {
    if (this.state.failed) {
      return (
        <SlotError title={this.props.title} compact={this.props.compact} onRetry={this.retry} />
      );
    }
    return <ReactKeyed key={this.state.attempt}>{this.props.children}</ReactKeyed>;
  }
}

function ReactKeyed({ children }: { children: ReactNode }) {
  return children;
}

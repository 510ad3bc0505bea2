import { LoadingState } from '@pos/shared/lean';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { testIds } from '../../testIds';
import './StatusPage.css';

export interface StatusPageProps {
  /** The page's heading, for screen readers (the spinner's message is what people see). */
  heading: string;
  /** What is happening, e.g. 'Loading…'. */
  message: string;
}

/** A full-page wait: one main landmark, one h1, and a spinner with its message. */
export function StatusPage({ heading, message }: StatusPageProps) {
  useDocumentTitle(heading);
  return (
    <main className="shell-status-page" data-testid={testIds.app.loading}>
      <h1 className="pos-visually-hidden">{heading}</h1>
      <LoadingState message={message} />
    </main>
  );
}

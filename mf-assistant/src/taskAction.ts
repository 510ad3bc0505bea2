import { httpUrlOrNull, isSameOriginPath } from '@pos/shared/rules';
import type { AssistantTask } from './types';

/** What a task's button does. */
export type TaskAction =
  /** completionLink: a page of the dashboard, through the shell's router. */
  | { kind: 'navigate'; to: string }
  /** externalLink: another site, in a new tab. */
  | { kind: 'external'; href: string }
  /** iframeLink: a page shown in the shell's onboarding overlay. */
  | { kind: 'iframe'; url: string };

/**
 * Where a task's button (completionBtnText) goes: its completionLink when it is a path of the
 * dashboard, else its externalLink, else its iframeLink (the spec's order), each only when it is
 * what it claims — a same-origin path, an http(s) address — so a link in the data can never
 * become `javascript:` or a jump to another origin through the router. Null: no button.
 */
export function taskActionOf(
  task: Pick<AssistantTask, 'completionLink' | 'externalLink' | 'iframeLink'>,
): TaskAction | null {
  if (isSameOriginPath(task.completionLink)) return { kind: 'navigate', to: task.completionLink };
  const external = httpUrlOrNull(task.externalLink);
  if (external) return { kind: 'external', href: external };
  const framed = httpUrlOrNull(task.iframeLink);
  if (framed) return { kind: 'iframe', url: framed };
  return null;
}

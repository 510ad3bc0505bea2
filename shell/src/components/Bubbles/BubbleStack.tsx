import {
  cx,
  Icon,
  IconButton,
  Spinner,
  type Bubble,
  type BubbleStatus,
  type IconName,
} from '@pos/shared/lean';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useShell } from '../../app/ShellContext';
import { testIds } from '../../testIds';
import './BubbleStack.css';

/** Spec 9: how long a bubble stays before it leaves (ms). */
export const BUBBLE_VISIBLE_MS = 15_000;
/** Spec 9: how long a bubble takes to come in or go out (ms). */
export const BUBBLE_ANIMATION_MS = 700;

type Phase = 'entering' | 'shown' | 'leaving';

interface ShownBubble extends Bubble {
  phase: Phase;
}

const ICONS: Record<Exclude<BubbleStatus, 'loading'>, IconName> = {
  success: 'check',
  danger: 'danger',
  info: 'info',
  // The Assistant's own: a task it saw done (issue 14).
  taskCompletion: 'sparkles',
};

const LABELS: Record<BubbleStatus, string> = {
  success: 'Success',
  loading: 'In progress',
  danger: 'Error',
  info: 'Information',
  taskCompletion: 'Task completed',
};

/**
 * The notification bubbles of spec 4/9: every `notify` event of the bus becomes a bubble that
 * animates in, stays about 15 s and animates out. (The signed-in shell also writes danger
 * bubbles to the activity feed: see useDangerBubbleLog.)
 */
export function BubbleStack() {
  const { bus } = useShell();
  const [bubbles, setBubbles] = useState<ShownBubble[]>([]);
  const timers = useRef(new Map<string, Array<ReturnType<typeof setTimeout>>>());
  const nextId = useRef(0);

  const clearTimers = useCallback((id: string) => {
    timers.current.get(id)?.forEach((timer) => clearTimeout(timer));
    timers.current.delete(id);
  }, []);

  const setPhase = useCallback((id: string, phase: Phase) => {
    setBubbles((current) =>
      current.map((bubble) => (bubble.id === id ? { ...bubble, phase } : bubble)),
    );
  }, []);

  const remove = useCallback(
    (id: string) => {
      clearTimers(id);
      setBubbles((current) => current.filter((bubble) => bubble.id !== id));
    },
    [clearTimers],
  );

  const schedule = useCallback(
    (id: string) => {
      clearTimers(id);
      timers.current.set(id, [
        setTimeout(() => setPhase(id, 'shown'), BUBBLE_ANIMATION_MS),
        setTimeout(() => setPhase(id, 'leaving'), BUBBLE_VISIBLE_MS),
        setTimeout(() => remove(id), BUBBLE_VISIBLE_MS + BUBBLE_ANIMATION_MS),
      ]);
    },
    [clearTimers, remove, setPhase],
  );

  const dismiss = useCallback(
    (id: string) => {
      clearTimers(id);
      setPhase(id, 'leaving');
      timers.current.set(id, [setTimeout(() => remove(id), BUBBLE_ANIMATION_MS)]);
    },
    [clearTimers, remove, setPhase],
  );

  useEffect(() => {
    const subscription = bus.on('notify', ({ message, status, id }) => {
      nextId.current += 1;
      const bubbleId = id ?? `bubble-${nextId.current}`;
      setBubbles((current) => {
        if (current.some((bubble) => bubble.id === bubbleId)) {
          return current.map((bubble) =>
            bubble.id === bubbleId ? { ...bubble, message, status, phase: 'shown' } : bubble,
          );
        }
        return [...current, { id: bubbleId, message, status, phase: 'entering' }];
      });
      schedule(bubbleId);
    });
    return () => subscription.unsubscribe();
  }, [bus, schedule]);

  useEffect(() => {
    const allTimers = timers.current;
    return () => {
      allTimers.forEach((list) => list.forEach((timer) => clearTimeout(timer)));
      allTimers.clear();
    };
  }, []);

  return (
    <section
      className="shell-bubbles"
      aria-label="Notifications"
      data-testid={testIds.bubbles.stack}
    >
      {bubbles.map((bubble) => (
        <div
          key={bubble.id}
          role={bubble.status === 'danger' ? 'alert' : 'status'}
          data-testid={testIds.bubbles.bubble}
          data-status={bubble.status}
          className={cx('shell-bubble', `shell-bubble--${bubble.status}`, `is-${bubble.phase}`)}
        >
          <span className="shell-bubble__icon" aria-hidden="true">
            {bubble.status === 'loading' ? (
              <Spinner size={18} />
            ) : (
              <Icon name={ICONS[bubble.status]} size={18} />
            )}
          </span>
          <p className="shell-bubble__message">
            <span className="pos-visually-hidden">{LABELS[bubble.status]}: </span>
            {bubble.message}
          </p>
          <IconButton
            icon="close"
            size="sm"
            aria-label="Dismiss notification"
            data-testid={testIds.bubbles.close}
            className="shell-bubble__close"
            onClick={() => dismiss(bubble.id)}
          />
        </div>
      ))}
    </section>
  );
}

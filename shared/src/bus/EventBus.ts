import { Subject, filter, map, type Observable, type Subscription } from '@pos/shared/rx';
import type { PosEvent, PosEventMap, PosEventType } from './events';

/** A typed RxJS event bus: the only channel between the shell and the remotes. */
export class EventBus {
  private readonly subject = new Subject<PosEvent>();

  /** Every event, for those who want them all. */
  readonly events$: Observable<PosEvent> = this.subject.asObservable();

  /** Sends an event to every subscriber. */
  emit<K extends PosEventType>(
    type: K,
    ...payload: PosEventMap[K] extends Record<string, never> ? [] : [PosEventMap[K]]
  ): void {
    this.subject.next({ type, payload: (payload[0] ?? {}) as PosEventMap[K] } as PosEvent);
  }

  /** The payloads of one event type. */
  of<K extends PosEventType>(type: K): Observable<PosEventMap[K]> {
    return this.subject.pipe(
      filter((event): event is Extract<PosEvent, { type: K }> => event.type === type),
      map((event) => event.payload as PosEventMap[K]),
    );
  }

  /** Calls `handler` for each event of `type`; release the returned subscription in cleanup. */
  on<K extends PosEventType>(type: K, handler: (payload: PosEventMap[K]) => void): Subscription {
    return this.of(type).subscribe(handler);
  }
}

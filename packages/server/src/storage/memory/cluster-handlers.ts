import type { ClusterEvent, ClusterEventOf, ClusterEventType } from '../../core/ports/cluster-bus';

type AnyHandler = (event: ClusterEvent, from: string) => void;

/**
 * The subscribers of one bus, by event type, shared by the in-process and the Redis bus. A handler
 * that throws is reported and does not keep the event from the others.
 */
export class ClusterHandlers {
  private readonly byType = new Map<ClusterEventType, Set<AnyHandler>>();

  constructor(private readonly onError: (error: unknown, event: ClusterEvent) => void) {}

  add<T extends ClusterEventType>(type: T, handler: (event: ClusterEventOf<T>, from: string) => void) {
    const handlers = this.byType.get(type) ?? new Set<AnyHandler>();
    this.byType.set(type, handlers);
    const anyHandler = handler as AnyHandler;
    handlers.add(anyHandler);
    return () => {
      handlers.delete(anyHandler);
    };
  }

  deliver(event: ClusterEvent, from: string): void {
    for (const handler of this.byType.get(event.type) ?? []) {
      try {
        handler(event, from);
      } catch (error) {
        this.onError(error, event);
      }
    }
  }
}

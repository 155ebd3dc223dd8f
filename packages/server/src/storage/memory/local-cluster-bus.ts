import type {
  ClusterBus,
  ClusterEvent,
  ClusterEventOf,
  ClusterEventType,
} from '../../core/ports/cluster-bus';
import { ClusterHandlers } from './cluster-handlers';

/**
 * The bus of a single instance: an event reaches this process's subscribers synchronously, inside
 * publish, so one instance behaves exactly as before there was a bus. It never loses a connection.
 */
export class LocalClusterBus implements ClusterBus {
  readonly spansInstances = false;
  private readonly handlers: ClusterHandlers;

  constructor(
    readonly instanceId = 'local',
    onError: (error: unknown, event: ClusterEvent) => void = () => {},
  ) {
    this.handlers = new ClusterHandlers(onError);
  }

  async publish(event: ClusterEvent): Promise<void> {
    this.handlers.deliver(event, this.instanceId);
  }

  subscribe<T extends ClusterEventType>(type: T, handler: (event: ClusterEventOf<T>, from: string) => void) {
    return this.handlers.add(type, handler);
  }

  onReconnect(): () => void {
    return () => {};
  }

  async ready(): Promise<void> {}

  async close(): Promise<void> {}
}

import type { StreamConnection } from './stream-connection';

/**
 * Who is subscribed to what. A per-topic index finds subscribers without scanning every client; a
 * frame is serialised once per broadcast (JSON and UTF-8 once) and the same bytes go to each one.
 */
export class StreamTopics {
  private readonly subscribers = new Map<string, Set<StreamConnection>>();
  private broadcasts = 0;

  /** Topics with at least one subscriber. */
  get size(): number {
    return this.subscribers.size;
  }

  /** Publishes so far that reached at least one subscriber. */
  get broadcastCount(): number {
    return this.broadcasts;
  }

  hasSubscribers(topic: string): boolean {
    return (this.subscribers.get(topic)?.size ?? 0) > 0;
  }

  /** Sends `data` to everyone subscribed to `topic`, serialising it once. */
  publish(topic: string, data: unknown): void {
    const subscribers = this.subscribers.get(topic);
    if (!subscribers || subscribers.size === 0) return;
    // Serialised and UTF-8 encoded once; every subscriber is sent the same bytes.
    const frame = Buffer.from(JSON.stringify({ topic, data }));
    this.broadcasts++;
    for (const connection of subscribers) connection.send(topic, frame);
  }

  join(connection: StreamConnection, topic: string): void {
    connection.topics.add(topic);
    let set = this.subscribers.get(topic);
    if (!set) {
      set = new Set();
      this.subscribers.set(topic, set);
    }
    set.add(connection);
  }

  leave(connection: StreamConnection, topic: string): void {
    connection.topics.delete(topic);
    const set = this.subscribers.get(topic);
    set?.delete(connection);
    if (set && set.size === 0) this.subscribers.delete(topic);
  }

  /** Takes the connection out of every topic it joined. */
  leaveAll(connection: StreamConnection): void {
    for (const topic of [...connection.topics]) this.leave(connection, topic);
  }
}

import type { Engine } from '../../core/ports/engine';
import type { Leadership } from '../../core/ports/leadership';

export interface LeaderOnlyWork {
  /** Wraps an engine so it runs only while this instance leads; the wrapper keeps its place in the list. */
  only(engine: Engine): Engine;
  /** The names of the leader-only engines running now, in list order. */
  running(): string[];
  /** Resolves once every change asked for so far (a start, a stop, a change of leader) has run. */
  idle(): Promise<void>;
}

interface Slot {
  engine: Engine;
  /** The runtime has started it and not stopped it. */
  wanted: boolean;
  running: boolean;
}

/**
 * The work that must run on one instance only. The runtime starts and stops each wrapped engine in
 * its place in the list as usual; it really runs only while this instance leads. Becoming leader
 * starts the wanted ones in list order; stepping down stops the running ones in reverse, the loops
 * first, as a shutdown would. Every change runs in one queue, so a start never overlaps a stop.
 */
export function leaderOnlyWork(
  leadership: Pick<Leadership, 'isLeader' | 'onChange'>,
  log: { error(obj: object, msg: string): void },
): LeaderOnlyWork {
  const slots: Slot[] = [];
  let queue: Promise<void> = Promise.resolve();
  const inTurn = (work: () => Promise<void>): Promise<void> => {
    const done = queue.then(work);
    queue = done.catch(() => {});
    return done;
  };
  const startSlot = async (slot: Slot) => {
    if (slot.running || !slot.wanted || !leadership.isLeader()) return;
    slot.running = true;
    try {
      await slot.engine.start();
    } catch (error) {
      slot.running = false;
      throw error;
    }
  };
  const stopSlot = async (slot: Slot) => {
    if (!slot.running) return;
    slot.running = false;
    await slot.engine.stop();
  };
  // Read the leadership again when its turn comes: it may have changed back since the event.
  const follow = () =>
    inTurn(async () => {
      const leading = leadership.isLeader();
      for (const slot of leading ? slots : [...slots].reverse()) {
        try {
          await (leading ? startSlot(slot) : stopSlot(slot));
        } catch (error) {
          log.error(
            { err: error, engine: slot.engine.name, leading },
            'leader-only engine did not follow the leadership',
          );
        }
      }
    });
  leadership.onChange(() => void follow());
  return {
    only(engine) {
      const slot: Slot = { engine, wanted: false, running: false };
      slots.push(slot);
      return {
        name: engine.name,
        start: () =>
          inTurn(async () => {
            slot.wanted = true;
            await startSlot(slot);
          }),
        stop: () =>
          inTurn(async () => {
            slot.wanted = false;
            await stopSlot(slot);
          }),
      };
    },
    running: () => slots.filter((slot) => slot.running).map((slot) => slot.engine.name),
    idle: () => queue,
  };
}

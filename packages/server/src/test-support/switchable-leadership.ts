import type { Engine } from '../core/ports/engine';
import type { Leadership } from '../core/ports/leadership';

export interface SwitchableLeadership extends Leadership, Engine {
  /** Makes this instance leader or follower, telling the listeners as an elector would. */
  set(leader: boolean): void;
}

/** A leadership a test decides by hand, for the runtime's leader-only work. */
export function createSwitchableLeadership(
  leading: boolean,
  identity = 'test-instance',
): SwitchableLeadership {
  const listeners = new Set<(leader: boolean) => void>();
  return {
    name: 'leadership',
    identity,
    isLeader: () => leading,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(leader) {
      if (leader === leading) return;
      leading = leader;
      for (const listener of listeners) listener(leader);
    },
    start() {},
    async stop() {},
  };
}

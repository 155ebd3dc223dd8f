import type { RemoteLifecycles } from './remote-contract';
import { runParcel } from './run-parcel';

/** Lifecycles that log each step with the props' `step` and `name`; `fail` makes that step reject. */
function loggingLifecycles(fail?: 'mount' | 'update') {
  const log: string[] = [];
  const step = (what: string) => async (props: unknown) => {
    const { name, label } = props as { name: string; label?: string };
    log.push(`${what} ${name}${label ? ` ${label}` : ''}`);
    if (what === fail) throw new Error(`${what} failed`);
  };
  const lifecycles: RemoteLifecycles = {
    bootstrap: step('bootstrap'),
    mount: step('mount'),
    update: step('update'),
    unmount: step('unmount'),
  };
  return { log, lifecycles };
}

describe('runParcel', () => {
  it('bootstraps and mounts, then updates and unmounts in the order asked, each after the one before', async () => {
    const { log, lifecycles } = loggingLifecycles();
    const parcel = runParcel(lifecycles, { label: 'first' });
    const updated = parcel.update({ label: 'second' });
    const unmounted = parcel.unmount();
    await Promise.all([parcel.mountPromise, updated, unmounted]);
    const name = log[0]?.split(' ')[1];
    expect(log).toEqual([
      `bootstrap ${name} first`,
      `mount ${name} first`,
      `update ${name} second`,
      `unmount ${name} first`,
    ]);
    expect(parcel.getStatus()).toBe('UNMOUNTED');
  });

  it('gives every run its own name, so two mounts of one remote keep their own React roots', async () => {
    const { log, lifecycles } = loggingLifecycles();
    await Promise.all([runParcel(lifecycles, {}).mountPromise, runParcel(lifecycles, {}).mountPromise]);
    const names = new Set(log.filter((line) => line.startsWith('mount')).map((line) => line.split(' ')[1]));
    expect(names.size).toBe(2);
  });

  it('reports a failed mount and then neither updates nor unmounts what never mounted', async () => {
    const { log, lifecycles } = loggingLifecycles('mount');
    const parcel = runParcel(lifecycles, {});
    await expect(parcel.mountPromise).rejects.toThrow('mount failed');
    await parcel.update({ label: 'later' });
    await parcel.unmount();
    expect(log.map((line) => line.split(' ')[0])).toEqual(['bootstrap', 'mount']);
    expect(parcel.getStatus()).toBe('BROKEN');
  });

  it('still unmounts after an update that failed', async () => {
    const { log, lifecycles } = loggingLifecycles('update');
    const parcel = runParcel(lifecycles, {});
    await expect(parcel.update({})).rejects.toThrow('update failed');
    await parcel.unmount();
    expect(log.map((line) => line.split(' ')[0])).toEqual(['bootstrap', 'mount', 'update', 'unmount']);
  });
});

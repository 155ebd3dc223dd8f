import { createToastStore, MAX_TOASTS } from './toast-store';

describe('createToastStore', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('keeps at most 20 toasts: the 21st drops the oldest', () => {
    const store = createToastStore();
    const ids = Array.from({ length: MAX_TOASTS + 1 }, (_, i) => store.add('loading', `toast ${i + 1}`));
    const kept = store.getToasts();
    expect(kept).toHaveLength(20);
    expect(kept[0]?.message).toBe('toast 2');
    expect(kept.at(-1)?.id).toBe(ids[20]);
    expect(kept.some((toast) => toast.id === ids[0])).toBe(false);
  });

  it('closes a success toast after 2 seconds', () => {
    const store = createToastStore();
    store.add('success', 'Saved');
    jest.advanceTimersByTime(1999);
    expect(store.getToasts()).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(store.getToasts()).toHaveLength(0);
  });

  it('closes error, info and blank toasts after 4 seconds', () => {
    const store = createToastStore();
    store.add('error', 'Failed');
    store.add('info', 'Note');
    store.add('blank', 'Plain');
    jest.advanceTimersByTime(3999);
    expect(store.getToasts()).toHaveLength(3);
    jest.advanceTimersByTime(1);
    expect(store.getToasts()).toHaveLength(0);
  });

  it('keeps a loading toast until it is dismissed', () => {
    const store = createToastStore();
    const id = store.add('loading', 'Switching mode…');
    jest.advanceTimersByTime(60_000);
    expect(store.getToasts().map((toast) => toast.id)).toEqual([id]);
    store.dismiss(id);
    expect(store.getToasts()).toHaveLength(0);
  });

  it('turns a loading toast into a success that then closes after 2 seconds', () => {
    const store = createToastStore();
    const id = store.add('loading', 'Saving…');
    store.update(id, { kind: 'success', message: 'Saved' });
    expect(store.getToasts()[0]).toMatchObject({ id, kind: 'success', message: 'Saved' });
    jest.advanceTimersByTime(2000);
    expect(store.getToasts()).toHaveLength(0);
  });

  it('tells subscribers about every change until they unsubscribe', () => {
    const store = createToastStore();
    const listener = jest.fn();
    const unsubscribe = store.subscribe(listener);
    const id = store.notify('info', 'Hello');
    store.dismiss(id);
    unsubscribe();
    store.add('info', 'Unheard');
    expect(listener).toHaveBeenCalledTimes(2);
    expect(listener.mock.calls[0]?.[0]).toEqual([expect.objectContaining({ message: 'Hello' })]);
  });

  it('dismisses every toast at once when no id is given', () => {
    const store = createToastStore();
    store.add('loading', 'one');
    store.add('error', 'two');
    store.dismiss();
    expect(store.getToasts()).toEqual([]);
  });
});

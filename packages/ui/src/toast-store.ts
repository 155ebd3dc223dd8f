// spec part 1 §9: at most 20 toasts; error 4 s, blank 4 s, success 2 s, loading until dismissed.
export const MAX_TOASTS = 20;

export type ToastKind = 'success' | 'error' | 'info' | 'blank' | 'loading';

export const TOAST_DURATION_MS: Record<ToastKind, number | null> = {
  success: 2_000,
  error: 4_000,
  info: 4_000,
  blank: 4_000,
  loading: null,
};

export interface Toast {
  id: string;
  kind: ToastKind;
  message: string;
  createdAt: number;
}

export type ToastListener = (toasts: readonly Toast[]) => void;

export interface ToastStore {
  /** Shows a toast and returns its id, so a loading toast can later be updated or dismissed. */
  add(kind: ToastKind, message: string): string;
  /** The host hands this to remotes as `notify`. */
  notify(kind: ToastKind, message: string): string;
  /** Changes a toast in place; its timer restarts for the new kind (loading → success closes after 2 s). */
  update(id: string, change: { kind?: ToastKind; message?: string }): void;
  /** Removes one toast, or every toast when no id is given. */
  dismiss(id?: string): void;
  getToasts(): readonly Toast[];
  subscribe(listener: ToastListener): () => void;
}

/** A framework-free store: the React view subscribes to it, anything else can call it. */
export function createToastStore(): ToastStore {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const listeners = new Set<ToastListener>();

  const publish = (next: readonly Toast[]) => {
    toasts = next;
    for (const listener of listeners) listener(toasts);
  };

  const clearTimer = (id: string) => {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(id);
  };

  const scheduleExpiry = (id: string, kind: ToastKind) => {
    clearTimer(id);
    const duration = TOAST_DURATION_MS[kind];
    if (duration !== null)
      timers.set(
        id,
        setTimeout(() => dismiss(id), duration),
      );
  };

  function dismiss(id?: string) {
    if (id === undefined) {
      for (const toast of toasts) clearTimer(toast.id);
      publish([]);
      return;
    }
    if (!toasts.some((toast) => toast.id === id)) return;
    clearTimer(id);
    publish(toasts.filter((toast) => toast.id !== id));
  }

  function add(kind: ToastKind, message: string): string {
    const id = `toast-${nextId++}`;
    const kept = [...toasts, { id, kind, message, createdAt: Date.now() }];
    const dropped = kept.splice(0, Math.max(0, kept.length - MAX_TOASTS));
    for (const toast of dropped) clearTimer(toast.id);
    scheduleExpiry(id, kind);
    publish(kept);
    return id;
  }

  return {
    add,
    notify: add,
    update(id, change) {
      const current = toasts.find((toast) => toast.id === id);
      if (!current) return;
      const updated = { ...current, ...change };
      if (change.kind !== undefined) scheduleExpiry(id, updated.kind);
      publish(toasts.map((toast) => (toast.id === id ? updated : toast)));
    },
    dismiss,
    getToasts: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

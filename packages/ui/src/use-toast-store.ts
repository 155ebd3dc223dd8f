import { useSyncExternalStore } from 'react';
import type { Toast, ToastStore } from './toast-store';

/** The toasts a store holds right now, re-rendering when they change. */
export function useToastStore(store: ToastStore): readonly Toast[] {
  return useSyncExternalStore(store.subscribe, store.getToasts, store.getToasts);
}

import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@td/api-client';
import type { NotifyKind, StreamHandler } from '@td/platform';
import type { ToastStore } from '@td/ui';
import { createContext, useContext } from 'react';
import type { RegistryStore } from './registry-store';

/** What the host owns once and hands, piece by piece, to every remote it mounts. */
export interface HostServices {
  api: ApiClient;
  queryClient: QueryClient;
  registry: RegistryStore;
  toasts: ToastStore;
  notify(kind: NotifyKind, message: string): void;
  subscribe(topic: string, handler: StreamHandler): () => void;
  openDiagnostics(): void;
}

const HostServicesContext = createContext<HostServices | null>(null);
export const HostServicesProvider = HostServicesContext.Provider;

export function useHostServices(): HostServices {
  const services = useContext(HostServicesContext);
  if (!services) throw new Error('useHostServices needs a <HostServicesProvider>.');
  return services;
}

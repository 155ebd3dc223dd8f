/** Written by the host's server as /app-config.js, so one build runs against any API address. */
export interface AppConfig {
  apiUrl: string;
  /** How often the host re-reads the remote registry (ms). */
  registryPollMs: number;
}

declare global {
  interface Window {
    __APP_CONFIG__?: Partial<AppConfig>;
  }
}

export function readAppConfig(): AppConfig {
  const given = typeof window === 'undefined' ? {} : (window.__APP_CONFIG__ ?? {});
  return {
    apiUrl: given.apiUrl ?? 'http://localhost:8082',
    registryPollMs: given.registryPollMs ?? 5000,
  };
}

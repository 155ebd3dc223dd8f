/** Small durable key/value settings (trading mode and the like), each value a JSON document. */
export interface SettingsRepository {
  get<T>(key: string): T | undefined;
  set(key: string, value: unknown): void;
}

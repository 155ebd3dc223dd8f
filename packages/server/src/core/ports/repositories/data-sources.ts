import type { DataSourceStatus, DataSourceType } from '@td/contracts';

/**
 * One registered data source. Field names follow the stored columns (migration 009); flags are 0/1.
 * The API key and extra headers are stored sealed, never in the clear.
 */
export interface StoredDataSource {
  id: string;
  name: string;
  type: DataSourceType;
  endpoint: string;
  description: string;
  enabled: number;
  status: DataSourceStatus;
  custom: number;
  api_key_required: number;
  external_url: string | null;
  sealed_api_key: string | null;
  api_key_prefix: string | null;
  sealed_headers: string | null;
  header_names: string;
  last_updated: number | null;
  latency_ms: number | null;
  last_error: string | null;
  created_at: number;
}

export type NewDataSource = Omit<
  StoredDataSource,
  'created_at' | 'last_updated' | 'latency_ms' | 'last_error'
>;

/** What the registry knows of a built-in source to store it. */
export interface BuiltinSourceSeed {
  id: string;
  name: string;
  type: DataSourceType;
  endpoint: string;
  description: string;
  apiKeyRequired: boolean;
  externalUrl: string | null;
  enabledByDefault: boolean;
}

/** The data-source registry: built-ins seeded once, custom sources added by the trader. */
export interface DataSourcesRepository {
  /**
   * Stores the built-ins not stored yet (on or off as `enabledByDefault`) and refreshes the stored
   * ones' names, endpoints and descriptions, all together; the trader's switches and checks stay.
   */
  seed(builtins: readonly BuiltinSourceSeed[]): void;
  /** Built-ins first, then custom sources in the order they were added. */
  all(): StoredDataSource[];
  get(id: string): StoredDataSource | undefined;
  insert(source: NewDataSource): void;
  update(id: string, fields: Partial<Omit<StoredDataSource, 'id' | 'custom' | 'created_at'>>): void;
}

import type { StoredDataSource } from '../../core/ports/repositories/data-sources';
import type { SecretBox } from '../../storage/secrets/secret-box';

/** A custom source's API key and headers, sealed for storage; only the key's first 8 characters stay readable. */
export function sealedSecrets(box: SecretBox, apiKey: string | undefined, headers: Record<string, string>) {
  const names = Object.keys(headers);
  return {
    sealed_api_key: apiKey ? box.seal(apiKey) : null,
    api_key_prefix: apiKey ? apiKey.slice(0, 8) : null,
    sealed_headers: names.length > 0 ? box.seal(JSON.stringify(headers)) : null,
    header_names: JSON.stringify(names),
  };
}

export function openKey(box: SecretBox, row: StoredDataSource): string | undefined {
  return (row.sealed_api_key && box.open(row.sealed_api_key)) || undefined;
}

export function openHeaders(box: SecretBox, row: StoredDataSource): Record<string, string> {
  const opened = row.sealed_headers ? box.open(row.sealed_headers) : null;
  return opened ? (JSON.parse(opened) as Record<string, string>) : {};
}

import {
  errorMessage,
  isApiError,
  useAddDataSource,
  useEditDataSource,
  useValidateDataSource,
} from '@td/api-client';
import { DATA_SOURCE_TYPES, type DataSource, type DataSourceType } from '@td/contracts';
import { usePlatform } from '@td/platform';
import { Button, Modal, SelectInput, Switch, TextInput } from '@td/ui';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { DataSourceKeyField } from './data-source-key-field';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  label { display: grid; gap: ${({ theme }) => theme.space(1)}; font-size: ${({ theme }) => theme.fontSize.sm}; font-weight: 600; }
  small { color: ${({ theme }) => theme.colors.textMuted}; font-weight: 400; }
`;
const Result = styled.p<{ $ok: boolean }>`
  margin: 0;
  color: ${({ $ok, theme }) => ($ok ? theme.colors.positive : theme.colors.negative)};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;
const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
`;

/** "Name: value" lines → a headers object; a line without a colon is refused with a sentence. */
function parseHeaders(text: string): Record<string, string> | string {
  const headers: Record<string, string> = {};
  for (const line of text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)) {
    const colon = line.indexOf(':');
    if (colon < 1) return `Write each header as Name: value ("${line}" has no name).`;
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** The server refused the edit for the key's sake (endpoint moved to another site): its sentence, else null. */
function keyProblemOf(error: unknown): string | null {
  return isApiError(error) && error.code === 'api_key_for_other_site' ? error.message : null;
}

export interface DataSourceFormModalProps {
  open: boolean;
  onClose: () => void;
  /** A custom source to edit; absent to add a new one. */
  editing?: DataSource | null;
}

/** spec part 2 §2.1 "Modal Add New Data Source", §3 "New source form", §5 "Add data source". */
export function DataSourceFormModal({ open, onClose, editing }: DataSourceFormModalProps) {
  const { notify } = usePlatform();
  const fieldId = useId();
  const [name, setName] = useState(editing?.name ?? '');
  const [endpoint, setEndpoint] = useState(editing?.endpoint ?? '');
  const [type, setType] = useState<DataSourceType>(editing?.type ?? 'Market Data API');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [apiKey, setApiKey] = useState('');
  const [removeKey, setRemoveKey] = useState(false);
  const [keyProblem, setKeyProblem] = useState<string | null>(null);
  const [headerText, setHeaderText] = useState('');
  const [enabled, setEnabled] = useState(editing?.enabled ?? true);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const validate = useValidateDataSource();
  const add = useAddDataSource();
  const edit = useEditDataSource();
  const busy = validate.isPending || add.isPending || edit.isPending;

  const form = () => {
    const headers = parseHeaders(headerText);
    if (typeof headers === 'string') {
      setResult({ ok: false, text: headers });
      return null;
    }
    // An absent key keeps the stored one; an empty one removes it (docs/decisions/0022).
    const key = removeKey ? { apiKey: '' } : apiKey.trim() ? { apiKey } : {};
    return { name, endpoint, type, description, headers, enabled, ...key };
  };

  const test = async () => {
    if (!endpoint.trim()) return setResult({ ok: false, text: 'Please enter an endpoint URL first' });
    const body = form();
    if (!body) return;
    try {
      const answer = await validate.mutateAsync({ ...body, name: body.name || 'Untitled' });
      setResult(
        answer.valid
          ? {
              ok: true,
              text: `Validation successful! API is reachable and responding (${answer.latency} ms).`,
            }
          : { ok: false, text: `Validation failed: ${answer.error}` },
      );
    } catch (error) {
      setResult({
        ok: false,
        text: `Validation failed: ${errorMessage(error, 'the server could not be reached.')}`,
      });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = form();
    if (!body) return;
    try {
      const saved = editing
        ? await edit.mutateAsync({ id: editing.id, form: body })
        : await add.mutateAsync(body);
      notify('success', editing ? `${saved.name} saved.` : `${saved.name} added and connected.`);
      onClose();
    } catch (error) {
      const problem = keyProblemOf(error);
      setKeyProblem(problem);
      if (problem) return setResult(null);
      const text = errorMessage(error, 'the server could not be reached.');
      setResult({
        ok: false,
        text: text.startsWith('Validation failed') ? text : `Validation failed: ${text}`,
      });
    }
  };

  const title = editing ? `Edit ${editing.name}` : 'Add New Data Source';
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <Footer>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="secondary" onClick={test} loading={validate.isPending} disabled={busy}>
            Test & Validate
          </Button>
          <Button
            type="submit"
            form="data-source-form"
            loading={add.isPending || edit.isPending}
            disabled={!name.trim() || !endpoint.trim() || busy}
          >
            {editing ? 'Save & Validate' : 'Add & Integrate'}
          </Button>
        </Footer>
      }
    >
      <Form id="data-source-form" aria-label={title} onSubmit={submit} noValidate>
        <label htmlFor={`${fieldId}-1`}>
          Name
          <TextInput
            id={`${fieldId}-1`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="e.g. My NSE quotes API"
          />
        </label>
        <label htmlFor={`${fieldId}-2`}>
          Endpoint URL
          <TextInput
            id={`${fieldId}-2`}
            type="url"
            value={endpoint}
            onChange={(e) => setEndpoint(e.target.value)}
            placeholder="https://api.example.com/quotes"
          />
        </label>
        <label htmlFor={`${fieldId}-3`}>
          Type
          <SelectInput
            id={`${fieldId}-3`}
            value={type}
            onChange={(e) => setType(e.target.value as DataSourceType)}
          >
            {DATA_SOURCE_TYPES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </SelectInput>
        </label>
        <label htmlFor={`${fieldId}-4`}>
          Description
          <TextInput
            id={`${fieldId}-4`}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </label>
        <DataSourceKeyField
          id={`${fieldId}-5`}
          value={apiKey}
          onChange={(value) => {
            setApiKey(value);
            setKeyProblem(null);
          }}
          storedMasked={editing?.api_key_masked ?? null}
          removing={removeKey}
          onRemovingChange={(removing) => {
            setRemoveKey(removing);
            setApiKey('');
            setKeyProblem(null);
          }}
          problem={keyProblem}
        />
        <label htmlFor={`${fieldId}-6`}>
          Headers{' '}
          <small>
            {editing?.header_names.length
              ? `stored: ${editing.header_names.join(', ')} — leave empty to keep them`
              : 'optional, one "Name: value" per line, stored encrypted'}
          </small>
          <TextInput
            id={`${fieldId}-6`}
            as="textarea"
            rows={2}
            value={headerText}
            onChange={(e) => setHeaderText(e.target.value)}
          />
        </label>
        <Switch checked={enabled} onChange={setEnabled} label="Enabled" />
        {result && (
          <Result role="status" $ok={result.ok}>
            {result.text}
          </Result>
        )}
      </Form>
    </Modal>
  );
}

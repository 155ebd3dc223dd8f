import { errorMessage, useBrokerIntegration, useUpdateUpstoxToken } from '@td/api-client';
import { usePlatform } from '@td/platform';
import { Badge, Banner, Button, Card, ErrorPanel, formatIstDateTime, Skeleton, TextInput } from '@td/ui';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { BrokerFacts, ButtonRow } from './settings-tab-layout';
import { TOKEN_LABELS, tokenBannerText } from './token-status-labels';

const Row = styled(ButtonRow)`
  margin-top: ${({ theme }) => theme.space(3)};
`;
const Editor = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(3)};
  label { display: grid; gap: ${({ theme }) => theme.space(1)}; font-size: ${({ theme }) => theme.fontSize.sm}; font-weight: 600; }
`;

/** spec part 2 §2.1 "Broker integration card", the token editor and the Fix Now banner. */
export function BrokerIntegrationCard({ onConfigure }: { onConfigure: () => void }) {
  const { notify } = usePlatform();
  const fieldId = useId();
  const integration = useBrokerIntegration();
  const update = useUpdateUpstoxToken();
  const [editorOpen, setEditorOpen] = useState(false);
  const [token, setToken] = useState('');

  if (integration.isPending)
    return (
      <Card title="Broker Integration — Upstox">
        <Skeleton lines={3} />
      </Card>
    );
  if (integration.isError)
    return (
      <ErrorPanel
        title="Broker integration unavailable"
        message={errorMessage(integration.error, 'The broker status could not be loaded.')}
        onRetry={() => void integration.refetch()}
      />
    );

  const data = integration.data;
  const label = TOKEN_LABELS[data.token_state];
  const banner = tokenBannerText(data.token_state);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    // spec part 2 §5: an empty or whitespace-only token is refused; it is trimmed before sending.
    if (!token.trim()) return notify('error', 'Please enter a valid access token');
    try {
      await update.mutateAsync(token);
      notify('success', 'Access token updated successfully!');
      setToken('');
      setEditorOpen(false);
    } catch (error) {
      // spec part 2 §8: the server's sentence when it answered, else the generic one.
      const said = errorMessage(error, '');
      notify('error', said ? `Failed to update token: ${said}` : 'Error updating token. Please try again.');
    }
  };

  return (
    <>
      {banner && !editorOpen && (
        <Banner
          tone="error"
          title="Upstox access token needs attention"
          actions={
            <Button size="sm" variant="danger" onClick={() => setEditorOpen(true)}>
              Fix Now
            </Button>
          }
        >
          {banner}
        </Banner>
      )}
      <Card
        title="Broker Integration — Upstox"
        action={
          <Button size="sm" variant="secondary" onClick={onConfigure}>
            Configure
          </Button>
        }
      >
        <BrokerFacts>
          <dt>API Key</dt>
          <dd>{data.api_key_masked ?? 'Not configured'}</dd>
          <dt>Access Token</dt>
          <dd>
            <Badge tone={label.tone}>
              <span aria-hidden="true">{label.icon}</span> {label.label}
            </Badge>
          </dd>
          <dt>Token expiry</dt>
          <dd>{data.token_expires_at ? formatIstDateTime(data.token_expires_at) : '—'}</dd>
          <dt>Credentials</dt>
          <dd>
            {data.credentials_source === 'saved'
              ? 'Saved here (encrypted)'
              : data.credentials_source === 'environment'
                ? 'From the server environment'
                : 'None yet'}
          </dd>
        </BrokerFacts>
        <Row>
          <Button size="sm" onClick={() => setEditorOpen((open) => !open)} aria-expanded={editorOpen}>
            {label.action}
          </Button>
        </Row>
        {editorOpen && (
          <Editor aria-label="Access token editor" onSubmit={save}>
            <label htmlFor={`${fieldId}-1`}>
              Upstox access token
              <TextInput
                id={`${fieldId}-1`}
                type="password"
                autoComplete="off"
                value={token}
                onChange={(e) => setToken(e.target.value)}
                placeholder="Paste the token from Upstox"
              />
            </label>
            <Row>
              <Button
                type="submit"
                size="sm"
                loading={update.isPending}
                disabled={!token.trim() || update.isPending}
              >
                Save Token
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setEditorOpen(false)}>
                Cancel
              </Button>
            </Row>
          </Editor>
        )}
      </Card>
    </>
  );
}

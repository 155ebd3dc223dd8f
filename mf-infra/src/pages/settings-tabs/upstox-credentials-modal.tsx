import { errorMessage, useSaveUpstoxCredentials } from '@td/api-client';
import type { BrokerIntegration } from '@td/contracts';
import { usePlatform } from '@td/platform';
import { Button, Modal, TextInput } from '@td/ui';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  label { display: grid; gap: ${({ theme }) => theme.space(1)}; font-size: ${({ theme }) => theme.fontSize.sm}; font-weight: 600; }
  small { color: ${({ theme }) => theme.colors.textMuted}; font-weight: 400; }
  ol { margin: 0; padding-left: ${({ theme }) => theme.space(5)}; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSize.sm}; line-height: 1.6; }
`;
const Problem = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.negative};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;
const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
`;

export interface UpstoxCredentialsModalProps {
  open: boolean;
  onClose: () => void;
  integration: BrokerIntegration | undefined;
  /** The API's own callback, offered as the redirect URI. */
  defaultRedirectUri: string;
}

/** spec part 2 §2.1 "Modal Configure Upstox Integration"; saved for real (POST /api/upstox/credentials). */
export function UpstoxCredentialsModal({
  open,
  onClose,
  integration,
  defaultRedirectUri,
}: UpstoxCredentialsModalProps) {
  const { notify } = usePlatform();
  const fieldId = useId();
  const [apiKey, setApiKey] = useState('');
  const [apiSecret, setApiSecret] = useState('');
  const [accessToken, setAccessToken] = useState('');
  const [redirectUri, setRedirectUri] = useState(integration?.redirect_uri ?? defaultRedirectUri);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveUpstoxCredentials();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      await save.mutateAsync({
        api_key: apiKey.trim(),
        api_secret: apiSecret.trim(),
        redirect_uri: redirectUri.trim(),
        ...(accessToken.trim() ? { access_token: accessToken.trim() } : {}),
      });
      notify('success', 'Upstox credentials saved. Connect your account from the Connectivity tab.');
      setApiSecret('');
      setAccessToken('');
      onClose();
    } catch (error) {
      setProblem(errorMessage(error, 'The credentials could not be saved. Please try again.'));
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Configure Upstox Integration"
      footer={
        <Footer>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="upstox-credentials-form"
            loading={save.isPending}
            disabled={!apiKey.trim() || !apiSecret.trim() || save.isPending}
          >
            Save & Connect
          </Button>
        </Footer>
      }
    >
      <Form id="upstox-credentials-form" aria-label="Upstox credentials" onSubmit={submit} noValidate>
        <label htmlFor={`${fieldId}-1`}>
          API Key{' '}
          <small>
            required{integration?.api_key_masked ? ` — saved: ${integration.api_key_masked}` : ''}
          </small>
          <TextInput
            id={`${fieldId}-1`}
            autoComplete="off"
            value={apiKey}
            onChange={(e) => setApiKey(e.target.value)}
          />
        </label>
        <label htmlFor={`${fieldId}-2`}>
          API Secret <small>required; stored encrypted, never shown again</small>
          <TextInput
            id={`${fieldId}-2`}
            type="password"
            autoComplete="off"
            value={apiSecret}
            onChange={(e) => setApiSecret(e.target.value)}
          />
        </label>
        <label htmlFor={`${fieldId}-3`}>
          Access Token <small>optional; or connect through Upstox sign-in on the Connectivity tab</small>
          <TextInput
            id={`${fieldId}-3`}
            type="password"
            autoComplete="off"
            value={accessToken}
            onChange={(e) => setAccessToken(e.target.value)}
          />
        </label>
        <label htmlFor={`${fieldId}-4`}>
          Redirect URI
          <TextInput
            id={`${fieldId}-4`}
            type="url"
            value={redirectUri}
            onChange={(e) => setRedirectUri(e.target.value)}
          />
        </label>
        <ol aria-label="Instructions">
          <li>Sign in to the Upstox Developer Console and create an app.</li>
          <li>Set the app's redirect URL to the Redirect URI above.</li>
          <li>Copy the app's API key and secret here and save.</li>
          <li>Connect your account from Settings → Connectivity; tokens expire daily at 03:30 IST.</li>
        </ol>
        {problem && <Problem role="alert">{problem}</Problem>}
      </Form>
    </Modal>
  );
}

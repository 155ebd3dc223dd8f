import { authApi, errorMessage, isApiError, useApiClient } from '@td/api-client';
import { type LoginResponse, SECOND_FACTOR_MESSAGES } from '@td/contracts';
import { Button } from '@td/ui';
import { type FormEvent, useState } from 'react';
import { Field, Form, Input, Label, LinkButton } from './form-parts';
import { loginFailureMessage } from './sign-in-failure';
import type { Notice } from './sign-in-notice';

export interface CodeFormProps {
  challenge: string;
  locked: boolean;
  onNotice: (notice: Notice | null) => void;
  onSignedIn: (reply: LoginResponse) => void;
  /** The challenge lapsed or the trader wants to start over: back to the password. */
  onBack: () => void;
}

/** Two-step sign-in: after the password, the authenticator app's code (or a recovery code). */
export function CodeForm({ challenge, locked, onNotice, onSignedIn, onBack }: CodeFormProps) {
  const api = useApiClient();
  const [code, setCode] = useState('');
  const [loading, setLoading] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading || locked) return;
    if (!code.trim()) {
      onNotice({ tone: 'error', text: SECOND_FACTOR_MESSAGES.codeNeeded });
      return;
    }
    onNotice(null);
    setLoading(true);
    try {
      onSignedIn(await authApi.loginCode(api, { challenge, code: code.trim() }));
    } catch (error) {
      const expired = isApiError(error) && error.code === 'challenge_expired';
      // A wrong code: the server's sentence; lockout and network failures read as at the password step.
      const text =
        isApiError(error) && error.status === 401
          ? errorMessage(error, SECOND_FACTOR_MESSAGES.wrongCode)
          : loginFailureMessage(error);
      onNotice({
        tone: 'error',
        text,
        action: expired ? { label: 'Back to Login', onClick: onBack } : undefined,
      });
      setCode('');
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form onSubmit={submit} noValidate aria-label="Enter your code">
      <Field>
        <Label htmlFor="login-code">Authentication code</Label>
        <Input
          id="login-code"
          name="code"
          inputMode="text"
          autoComplete="one-time-code"
          autoFocus
          placeholder="123456"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          disabled={locked}
        />
      </Field>
      <Button type="submit" size="lg" fullWidth loading={loading} disabled={locked}>
        Verify
      </Button>
      <LinkButton type="button" onClick={onBack} disabled={loading || locked}>
        Back to Login
      </LinkButton>
    </Form>
  );
}

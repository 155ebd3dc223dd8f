import { authApi, useApiClient } from '@td/api-client';
import type { PasswordSetupResponse } from '@td/contracts';
import { Button } from '@td/ui';
import { type FormEvent, useState } from 'react';
import { EmailField } from './form-fields';
import { Form, LinkButton } from './form-parts';
import { resetFailureMessage } from './sign-in-failure';
import { MESSAGES } from './sign-in-messages';
import type { Notice } from './sign-in-notice';

export interface ResetFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  locked: boolean;
  onNotice: (notice: Notice | null) => void;
  onRequested: (reply: PasswordSetupResponse) => void;
  onBack: () => void;
}

/** spec part 1 "Sign-in screen": request password setup for the account's email. */
export function ResetForm({ email, onEmailChange, locked, onNotice, onRequested, onBack }: ResetFormProps) {
  const api = useApiClient();
  const [loading, setLoading] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading || locked) return;
    if (!email.trim()) {
      onNotice({ tone: 'error', text: MESSAGES.enterEmail });
      return;
    }
    onNotice(null);
    setLoading(true);
    try {
      onRequested(await authApi.requestPasswordSetup(api, { email: email.trim() }));
    } catch (error) {
      onNotice({ tone: 'error', text: resetFailureMessage(error) });
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form onSubmit={submit} noValidate aria-label="Request password setup">
      <EmailField id="reset-email" value={email} onChange={onEmailChange} disabled={locked} />
      <Button type="submit" size="lg" fullWidth loading={loading} disabled={locked}>
        Send Setup Instructions
      </Button>
      <LinkButton type="button" onClick={onBack} disabled={loading}>
        Back to Login
      </LinkButton>
    </Form>
  );
}

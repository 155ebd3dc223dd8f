import { authApi, useApiClient } from '@td/api-client';
import {
  type LoginResponse,
  MIN_PASSWORD_LENGTH,
  REQUIRED_PASSWORD_STRENGTH,
  scorePassword,
} from '@td/contracts';
import { type FormEvent, useState } from 'react';
import { SubmitWithHint } from './form-fields';
import { Form, LinkButton } from './form-parts';
import { generateStrongPassword } from './generate-password';
import { PasswordField } from './password-field';
import { isSetupLinkInvalid, setPasswordFailureMessage } from './sign-in-failure';
import { MESSAGES } from './sign-in-messages';
import type { Notice } from './sign-in-notice';

export interface SetupFormProps {
  /** The temporary token from the setup request or the emailed link. */
  tempToken: string;
  locked: boolean;
  onNotice: (notice: Notice | null) => void;
  onPasswordSet: (reply: LoginResponse) => void;
  /** Back to Login: the page drops the token, and this form (with its fields) unmounts. */
  onBack: () => void;
  onRequestNewLink: () => void;
}

/** spec part 1 §5 "Set password": what is still wrong, in the order a person fixes it; null when nothing. */
export function setupProblem(password: string, confirmPassword: string): string | null {
  if (!password || !confirmPassword) return MESSAGES.enterAndConfirm;
  if (password !== confirmPassword) return MESSAGES.passwordsDiffer;
  if (password.length < MIN_PASSWORD_LENGTH) return MESSAGES.tooShort;
  if (scorePassword(password) < REQUIRED_PASSWORD_STRENGTH) return MESSAGES.notStrongEnough;
  return null;
}

export function SetupForm({
  tempToken,
  locked,
  onNotice,
  onPasswordSet,
  onBack,
  onRequestNewLink,
}: SetupFormProps) {
  const api = useApiClient();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [loading, setLoading] = useState(false);

  // spec part 1 §5: disabled while loading, when strength is below 75, or when the two differ.
  const disabled =
    loading || locked || scorePassword(password) < REQUIRED_PASSWORD_STRENGTH || password !== confirmPassword;
  const pristine = !password && !confirmPassword;
  const hint = loading || locked || pristine ? null : setupProblem(password, confirmPassword);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading || locked) return;
    const problem = setupProblem(password, confirmPassword);
    if (problem) {
      onNotice({ tone: 'error', text: problem });
      return;
    }
    onNotice(null);
    setLoading(true);
    try {
      onPasswordSet(await authApi.setPassword(api, { temp_token: tempToken, new_password: password }));
    } catch (error) {
      onNotice({
        tone: 'error',
        text: setPasswordFailureMessage(error),
        action: isSetupLinkInvalid(error)
          ? { label: 'Request a new link', onClick: onRequestNewLink }
          : undefined,
      });
    } finally {
      setLoading(false);
    }
  };

  const generate = () => {
    const generated = generateStrongPassword();
    setPassword(generated);
    setConfirmPassword(generated);
    setVisible(true);
  };

  return (
    <Form onSubmit={submit} noValidate aria-label="Set a new password">
      <PasswordField
        id="setup-password"
        label="New password"
        value={password}
        onChange={setPassword}
        visible={visible}
        onToggleVisible={() => setVisible((shown) => !shown)}
        autoComplete="new-password"
        showStrength
        onGenerate={generate}
        disabled={locked}
      />
      <PasswordField
        id="setup-confirm-password"
        label="Confirm password"
        value={confirmPassword}
        onChange={setConfirmPassword}
        visible={visible}
        onToggleVisible={() => setVisible((shown) => !shown)}
        autoComplete="new-password"
        disabled={locked}
        invalid={Boolean(confirmPassword) && password !== confirmPassword}
      />
      <SubmitWithHint hintId="setup-hint" hint={hint} disabled={disabled} loading={loading}>
        Set Password
      </SubmitWithHint>
      <LinkButton type="button" onClick={onBack} disabled={loading || locked}>
        Back to Login
      </LinkButton>
    </Form>
  );
}

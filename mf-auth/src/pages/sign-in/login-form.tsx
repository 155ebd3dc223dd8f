import { authApi, useApiClient } from '@td/api-client';
import {
  isEmailAddress,
  type LoginResponse,
  REQUIRED_PASSWORD_STRENGTH,
  type SecondFactorRequiredResponse,
  scorePassword,
} from '@td/contracts';
import { type FormEvent, useState } from 'react';
import { EmailField, SubmitWithHint } from './form-fields';
import { Form, LinkButton } from './form-parts';
import { generateStrongPassword } from './generate-password';
import { PasswordField } from './password-field';
import { isSetupRequired, loginFailureMessage } from './sign-in-failure';
import { MESSAGES } from './sign-in-messages';
import type { Notice } from './sign-in-notice';

export interface LoginFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  /** True while the screen waits to redirect: nothing may be submitted again. */
  locked: boolean;
  onNotice: (notice: Notice | null) => void;
  onSignedIn: (reply: LoginResponse) => void;
  /** Two-step sign-in is on: the password was right and a code is needed next. */
  onCodeNeeded: (reply: SecondFactorRequiredResponse) => void;
  onForgotPassword: () => void;
  /** First run: the server has no password yet, so offer to request a setup link for this email. */
  onRequestSetup: () => void;
}

/** Why Sign In is not available yet, once the person has started typing. */
function loginHint(email: string, password: string): string | null {
  if (email.trim() && !isEmailAddress(email)) return MESSAGES.invalidEmail;
  if (password && scorePassword(password) < REQUIRED_PASSWORD_STRENGTH) return MESSAGES.notStrongEnough;
  return null;
}

/** spec part 1 "Sign-in screen", richer variant: email and password, disabled until the password is Strong. */
export function LoginForm(props: LoginFormProps) {
  const { email, onEmailChange, locked, onNotice, onSignedIn } = props;
  const api = useApiClient();
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [loading, setLoading] = useState(false);

  // spec part 1 §5: disabled while loading or when strength is below 75; the email is required and well-formed.
  const disabled =
    loading || locked || scorePassword(password) < REQUIRED_PASSWORD_STRENGTH || !isEmailAddress(email);
  const hint = loading || locked ? null : loginHint(email, password);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    onNotice(null);
    setLoading(true);
    try {
      const reply = await authApi.login(api, { email: email.trim(), password });
      if ('second_factor_required' in reply) props.onCodeNeeded(reply);
      else onSignedIn(reply);
    } catch (error) {
      onNotice({
        tone: 'error',
        text: loginFailureMessage(error),
        action: isSetupRequired(error)
          ? { label: 'Request password setup', onClick: props.onRequestSetup }
          : undefined,
      });
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form onSubmit={submit} noValidate aria-label="Sign in">
      <EmailField
        id="login-email"
        value={email}
        onChange={onEmailChange}
        invalid={hint === MESSAGES.invalidEmail}
        disabled={locked}
      />
      <PasswordField
        id="login-password"
        label="Password"
        value={password}
        onChange={setPassword}
        visible={visible}
        onToggleVisible={() => setVisible((shown) => !shown)}
        autoComplete="current-password"
        showStrength
        onGenerate={() => {
          setPassword(generateStrongPassword());
          setVisible(true);
        }}
        disabled={locked}
      />
      <SubmitWithHint hintId="login-hint" hint={hint} disabled={disabled} loading={loading}>
        Sign In
      </SubmitWithHint>
      <LinkButton type="button" onClick={props.onForgotPassword} disabled={loading || locked}>
        Need to reset your password?
      </LinkButton>
    </Form>
  );
}

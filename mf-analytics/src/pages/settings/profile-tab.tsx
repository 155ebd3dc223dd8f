import { errorMessage, useChangePassword, useSecondFactorStatus } from '@td/api-client';
import { changePasswordRequestSchema, scorePassword, strengthLabel, type User } from '@td/contracts';
import { Button, Card, FactList, TextInput } from '@td/ui';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { SecondFactorCard } from './second-factor-card';

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(240px, 1fr) minmax(0, 2fr);
  gap: ${({ theme }) => theme.space(4)};
  align-items: start;
  ${({ theme }) => theme.media.phone} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

// Two-step sign-in takes the whole width under the two cards: the QR code and its key sit side by side.
const Wide = styled.div`
  grid-column: 1 / -1;
`;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  max-width: 480px;
`;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1.5)};
  label { font-size: ${({ theme }) => theme.fontSize.sm}; font-weight: 600; }
  small { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSize.xs}; }
`;

const Message = styled.p<{ $failed: boolean }>`
  margin: 0;
  color: ${({ theme, $failed }) => ($failed ? theme.colors.negative : theme.colors.positive)};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Footnote = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
`;

const CHANGE_FAILED = 'Failed to change the password. Please try again.';
const MISMATCH = 'Passwords do not match';

type PasswordField = 'current' | 'next' | 'confirm' | 'code';

function PasswordInput({
  label,
  value,
  onChange,
  autoComplete,
  hint,
  type = 'password',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  hint?: string;
  type?: 'password' | 'text';
}) {
  const id = useId();
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      <TextInput
        id={id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && <small>{hint}</small>}
    </Field>
  );
}

/** Settings → Profile: who is signed in (read-only) and a password change that needs the current one. */
export function ProfileTab({ user }: { user: User | null }) {
  const change = useChangePassword();
  const codeNeeded = useSecondFactorStatus().data?.enabled ?? false;
  const [passwords, setPasswords] = useState<Record<PasswordField, string>>({
    current: '',
    next: '',
    confirm: '',
    code: '',
  });
  const [outcome, setOutcome] = useState<{ failed: boolean; text: string } | null>(null);
  const set = (field: PasswordField) => (value: string) => {
    setPasswords((current) => ({ ...current, [field]: value }));
    setOutcome(null);
  };
  const score = scorePassword(passwords.next);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = changePasswordRequestSchema.safeParse({
      current_password: passwords.current,
      new_password: passwords.next,
      ...(codeNeeded ? { code: passwords.code } : {}),
    });
    if (!parsed.success) {
      setOutcome({ failed: true, text: parsed.error.issues[0]?.message ?? CHANGE_FAILED });
      return;
    }
    if (passwords.next !== passwords.confirm) {
      setOutcome({ failed: true, text: MISMATCH });
      return;
    }
    change.mutate(parsed.data, {
      onSuccess: (reply) => {
        setPasswords({ current: '', next: '', confirm: '', code: '' });
        setOutcome({ failed: false, text: reply.message });
      },
      onError: (error) => setOutcome({ failed: true, text: errorMessage(error, CHANGE_FAILED) }),
    });
  };

  return (
    <Columns>
      <Card title="Profile">
        <FactList>
          <dt>Name</dt>
          <dd>{user?.name ?? user?.username ?? 'User'}</dd>
          <dt>E-mail</dt>
          <dd>{user?.email ?? 'Trading Account'}</dd>
        </FactList>
      </Card>
      <Card title="Change password">
        <Form onSubmit={submit} noValidate>
          <PasswordInput
            label="Current password"
            value={passwords.current}
            onChange={set('current')}
            autoComplete="current-password"
          />
          <PasswordInput
            label="New password"
            value={passwords.next}
            onChange={set('next')}
            autoComplete="new-password"
            hint={
              passwords.next
                ? `Strength: ${strengthLabel(score)} (${score} of 100; 75 needed)`
                : 'At least 12 characters, upper and lower case, digits or symbols'
            }
          />
          <PasswordInput
            label="Confirm new password"
            value={passwords.confirm}
            onChange={set('confirm')}
            autoComplete="new-password"
          />
          {codeNeeded && (
            <PasswordInput
              label="Authenticator code"
              type="text"
              value={passwords.code}
              onChange={set('code')}
              autoComplete="one-time-code"
              hint="Two-step sign-in is on: the code your app shows now."
            />
          )}
          <div>
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </div>
          {outcome && (
            <Message role={outcome.failed ? 'alert' : 'status'} $failed={outcome.failed}>
              {outcome.text}
            </Message>
          )}
          <Footnote>Changing the password signs out every other device; this one stays signed in.</Footnote>
        </Form>
      </Card>
      <Wide>
        <SecondFactorCard />
      </Wide>
    </Columns>
  );
}

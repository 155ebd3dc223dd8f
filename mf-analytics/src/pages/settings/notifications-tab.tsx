import { errorMessage, useNotificationSettings, useSaveNotificationSettings } from '@td/api-client';
import { type NotificationSettings, notificationSettingsSchema } from '@td/contracts';
import { Button, Card, ErrorPanel, Skeleton, Switch, TextInput } from '@td/ui';
import { type FormEvent, useEffect, useId, useState } from 'react';
import styled from 'styled-components';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  max-width: 560px;
  label { font-size: ${({ theme }) => theme.fontSize.sm}; font-weight: 600; }
`;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1.5)};
  small { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSize.xs}; }
`;

const Message = styled.p<{ $failed: boolean }>`
  margin: 0;
  color: ${({ theme, $failed }) => ($failed ? theme.colors.negative : theme.colors.positive)};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const KINDS: { key: 'breaker_trip' | 'daily_loss' | 'ml_confidence'; label: string }[] = [
  { key: 'breaker_trip', label: 'A circuit breaker trips and halts trading' },
  { key: 'daily_loss', label: 'The portfolio loses more than 3 % in a day' },
  { key: 'ml_confidence', label: "The ML service's confidence drops markedly" },
];

export const NOTIFICATIONS_SAVED = 'Notification settings saved.';
const SAVE_FAILED = 'Failed to save notification settings. Please try again.';

/** Settings → Notifications: which alert e-mails go out (spec part 2 §9), on/off per kind, and where. */
export function NotificationsTab({ signedInEmail }: { signedInEmail: string | null }) {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const emailId = useId();
  const [form, setForm] = useState<NotificationSettings | null>(null);
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<{ failed: boolean; text: string } | null>(null);

  useEffect(() => {
    if (!settings.data) return;
    setForm(settings.data);
    setEmail(settings.data.email ?? '');
  }, [settings.data]);

  if (settings.isError) {
    return (
      <ErrorPanel
        title="Notification settings unavailable"
        message={errorMessage(settings.error, 'Failed to fetch notification settings')}
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  }
  if (!form) return <Skeleton lines={4} label="Loading notification settings" />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const candidate = { ...form, email: email.trim() === '' ? null : email.trim() };
    const parsed = notificationSettingsSchema.safeParse(candidate);
    if (!parsed.success) {
      setOutcome({ failed: true, text: parsed.error.issues[0]?.message ?? SAVE_FAILED });
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => setOutcome({ failed: false, text: NOTIFICATIONS_SAVED }),
      onError: (error) => setOutcome({ failed: true, text: errorMessage(error, SAVE_FAILED) }),
    });
  };

  return (
    <Card title="Alert e-mails">
      <Form onSubmit={submit} noValidate>
        {KINDS.map(({ key, label }) => (
          <Switch
            key={key}
            checked={form[key]}
            onChange={(on) => {
              setForm({ ...form, [key]: on });
              setOutcome(null);
            }}
            label={label}
          />
        ))}
        <Field>
          <label htmlFor={emailId}>Send alerts to</label>
          <TextInput
            id={emailId}
            type="email"
            value={email}
            placeholder={signedInEmail ?? 'the signed-in e-mail'}
            onChange={(event) => {
              setEmail(event.target.value);
              setOutcome(null);
            }}
            aria-invalid={outcome?.failed || undefined}
          />
          <small>Leave empty to use the signed-in e-mail{signedInEmail ? ` (${signedInEmail})` : ''}.</small>
        </Field>
        <div>
          <Button type="submit" loading={save.isPending}>
            Save notifications
          </Button>
        </div>
        {outcome && (
          <Message role={outcome.failed ? 'alert' : 'status'} $failed={outcome.failed}>
            {outcome.text}
          </Message>
        )}
      </Form>
    </Card>
  );
}

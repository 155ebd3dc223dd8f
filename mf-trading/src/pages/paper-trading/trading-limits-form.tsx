import { useUpdatePaperLimits } from '@td/api-client';
import { type PaperLimitsContract, paperLimitsSchema } from '@td/contracts';
import { usePlatform } from '@td/platform';
import { Button, NumberField } from '@td/ui';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { BrokeragePlanField } from './brokerage-plan-field';
import { limitsFailureMessage, PAPER_MESSAGES } from './paper-trading-messages';
import { ResetAccountButton } from './reset-account-button';
import { candidateOf, draftOf, LIMIT_FIELDS, type LimitDraft, type LimitField } from './trading-limit-fields';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(5)};
`;

const Fields = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(4)};
  ${({ theme }) => theme.media.desktopUp} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
  ${({ theme }) => theme.media.phone} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
`;

type FieldErrors = Partial<Record<LimitField, string>>;

/** The first message the shared schema gives for each field. */
function errorsOf(issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0] as LimitField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** spec part 2 §2.5: the trading limits form, checked with the server's own schema before it is sent. */
export function TradingLimitsForm({ limits }: { limits: PaperLimitsContract }) {
  const { notify } = usePlatform();
  const update = useUpdatePaperLimits();
  const [draft, setDraft] = useState<LimitDraft>(() => draftOf(limits));
  const [plan, setPlan] = useState(limits.brokerage_plan);
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = paperLimitsSchema.safeParse({ ...candidateOf(draft), brokerage_plan: plan });
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: () => notify('success', PAPER_MESSAGES.limitsUpdated),
      onError: (failure) => notify('error', limitsFailureMessage(failure)),
    });
  };

  return (
    <Form onSubmit={submit} noValidate aria-label="Trading limits">
      <Fields>
        {LIMIT_FIELDS.map((field) => (
          <NumberField
            key={field.name}
            name={field.name}
            label={field.label}
            hint={field.hint}
            min={field.min}
            max={field.max}
            step={field.step}
            value={draft[field.name]}
            error={errors[field.name]}
            disabled={update.isPending}
            onChange={(value) => {
              setDraft((current) => ({ ...current, [field.name]: value }));
              setErrors(({ [field.name]: _cleared, ...rest }) => rest);
            }}
          />
        ))}
        <BrokeragePlanField value={plan} disabled={update.isPending} onChange={setPlan} />
      </Fields>
      <Actions>
        <Button type="submit" loading={update.isPending}>
          Update Limits
        </Button>
        <ResetAccountButton disabled={update.isPending} />
      </Actions>
    </Form>
  );
}

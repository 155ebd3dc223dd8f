import { errorMessage, useAlgoId, useSaveAlgoId } from '@td/api-client';
import { ALGO_ID_RULE } from '@td/contracts';
import { usePlatform } from '@td/platform';
import { Badge, Button, Card, Skeleton, TextInput } from '@td/ui';
import { type FormEvent, useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { ButtonRow } from './settings-tab-layout';

const Help = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Label = styled.label`
  display: block;
  margin-bottom: ${({ theme }) => theme.space(1)};
  font-weight: 600;
`;

const Field = styled.div`
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

const INVALID =
  'The algo ID is letters and digits only, 1 to 12 of them: enter the ID the exchange assigned, or GENERIC.';

/**
 * SEBI's retail algo framework: every live order carries an algo identifier, the exchange-assigned one
 * once the strategy is registered, the broker's generic one until then (decision 0038).
 */
export function AlgoIdCard() {
  const { notify } = usePlatform();
  const setting = useAlgoId();
  const save = useSaveAlgoId();
  const [value, setValue] = useState('');
  const inputId = useId();
  const helpId = useId();
  useEffect(() => {
    if (setting.data) setValue(setting.data.algo_id);
  }, [setting.data]);
  const invalid = value.trim() !== '' && !ALGO_ID_RULE.test(value.trim());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ALGO_ID_RULE.test(value.trim())) {
      notify('error', INVALID);
      return;
    }
    try {
      await save.mutateAsync({ algo_id: value.trim() });
      notify('success', 'Algo ID saved: new live orders carry it.');
    } catch (error) {
      notify('error', errorMessage(error, 'The algo ID could not be saved. Please try again.'));
    }
  };

  return (
    <Card
      title="Algo ID (SEBI order tagging)"
      action={
        setting.data && (
          <Badge tone={setting.data.generic ? 'neutral' : 'positive'}>
            {setting.data.generic ? "Broker's generic ID" : 'Exchange-assigned'}
          </Badge>
        )
      }
    >
      <Help id={helpId}>
        Every live order carries this ID and its own order ID in its Upstox tag. Keep GENERIC until the
        exchange registers your strategy (needed above 10 orders a second), then enter the ID it assigned.
      </Help>
      {setting.isPending ? (
        <Skeleton lines={2} label="Loading the algo ID" />
      ) : (
        <form onSubmit={submit}>
          <Field>
            <Label htmlFor={inputId}>Algo ID</Label>
            <TextInput
              id={inputId}
              value={value}
              maxLength={12}
              aria-describedby={helpId}
              aria-invalid={invalid}
              onChange={(event) => setValue(event.target.value)}
            />
          </Field>
          {invalid && <Help role="alert">{INVALID}</Help>}
          <ButtonRow>
            <Button type="submit" loading={save.isPending} disabled={invalid}>
              Save algo ID
            </Button>
          </ButtonRow>
        </form>
      )}
    </Card>
  );
}

import { errorMessage, useUpdateRiskLimits } from '@td/api-client';
import { type RiskLimits, type RiskLimitsUpdate, riskLimitsUpdateSchema } from '@td/contracts';
import { usePlatform } from '@td/platform';
import { Button, Card, formatINR, formatPercent, NumberField } from '@td/ui';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';

type Group = keyof RiskLimitsUpdate;
type FieldName = keyof RiskLimitsUpdate['position_limits'] | keyof RiskLimitsUpdate['loss_limits'];
type Draft = Record<FieldName, string>;

interface FieldSpec {
  group: Group;
  name: FieldName;
  label: string;
  /** What the account stands at now against this limit. */
  now(limits: RiskLimits): string;
}

const pct = (value: number) => formatPercent(value, { decimals: 1 });

export const LIMIT_FIELDS: FieldSpec[] = [
  {
    group: 'position_limits',
    name: 'max_position_size',
    label: 'Max position size (% of capital)',
    now: () => '',
  },
  {
    group: 'position_limits',
    name: 'max_single_stock',
    label: 'Max single stock (% of equity)',
    now: ({ usage }) =>
      `now ${pct(usage.largest_stock.percent)}${usage.largest_stock.symbol ? ` in ${usage.largest_stock.symbol}` : ''}`,
  },
  {
    group: 'position_limits',
    name: 'max_sector_exposure',
    label: 'Max sector exposure (% of equity)',
    now: ({ usage }) =>
      `now ${pct(usage.largest_sector.percent)}${usage.largest_sector.sector ? ` in ${usage.largest_sector.sector}` : ''}`,
  },
  {
    group: 'position_limits',
    name: 'min_diversification',
    label: 'Min diversification (positions)',
    now: ({ usage }) => `now ${usage.positions_count} positions`,
  },
  {
    group: 'loss_limits',
    name: 'daily_loss_limit',
    label: 'Daily loss limit (%)',
    now: ({ usage }) => `today ${pct(usage.daily_loss)}`,
  },
  {
    group: 'loss_limits',
    name: 'weekly_loss_limit',
    label: 'Weekly loss limit (%)',
    now: ({ usage }) => `this week ${pct(usage.weekly_loss)}`,
  },
  {
    group: 'loss_limits',
    name: 'monthly_loss_limit',
    label: 'Monthly loss limit (%)',
    now: ({ usage }) => `this month ${pct(usage.monthly_loss)}`,
  },
  {
    group: 'loss_limits',
    name: 'max_drawdown_limit',
    label: 'Max drawdown limit (% of 30-day peak)',
    now: ({ usage }) => `now ${pct(usage.drawdown)}`,
  },
];

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: ${({ theme }) => theme.space(4)};
  h3 {
    grid-column: 1 / -1;
    margin: ${({ theme }) => theme.space(2)} 0 0;
    font-size: ${({ theme }) => theme.fontSize.sm};
    color: ${({ theme }) => theme.colors.textMuted};
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(4)};
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.negative};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`;

const draftOf = (limits: RiskLimits): Draft =>
  Object.fromEntries(
    LIMIT_FIELDS.map(({ group, name }) => [name, String((limits[group] as Record<string, number>)[name])]),
  ) as Draft;

/** The typed text as the shared schema reads it: numbers where typed, the text itself otherwise. */
function requestOf(draft: Draft): Record<Group, Record<string, unknown>> {
  const request: Record<Group, Record<string, unknown>> = { position_limits: {}, loss_limits: {} };
  for (const { group, name } of LIMIT_FIELDS) {
    const text = draft[name].trim();
    request[group][name] = text === '' || Number.isNaN(Number(text)) ? text : Number(text);
  }
  return request;
}

/** spec part 1 §2 "Limits": position and loss limits, checked by the shared schema, saved whole. */
export function LimitsForm({ limits }: { limits: RiskLimits }) {
  const { notify } = usePlatform();
  const save = useUpdateRiskLimits();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const values = draft ?? draftOf(limits);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = riskLimitsUpdateSchema.safeParse(requestOf(values));
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[1] as FieldName] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => {
        setDraft(null);
        notify('success', 'Risk limits saved: every new order is checked against them.');
      },
    });
  };

  const field = (spec: FieldSpec) => {
    const rupees = (limits.limits_in_rupees as Record<string, number | undefined>)[spec.name];
    const hint = [rupees === undefined ? '' : `≈ ${formatINR(rupees)}`, spec.now(limits)]
      .filter(Boolean)
      .join(' · ');
    return (
      <NumberField
        key={spec.name}
        label={spec.label}
        name={spec.name}
        value={values[spec.name]}
        hint={hint || undefined}
        error={errors[spec.name]}
        step="any"
        onChange={(text) => setDraft({ ...values, [spec.name]: text })}
      />
    );
  };

  return (
    <Card title="Risk limits">
      <form onSubmit={submit} noValidate aria-label="Risk limits">
        <Grid>
          <h3>Position limits</h3>
          {LIMIT_FIELDS.filter((spec) => spec.group === 'position_limits').map(field)}
          <h3>Loss limits</h3>
          {LIMIT_FIELDS.filter((spec) => spec.group === 'loss_limits').map(field)}
        </Grid>
        <Footer>
          <Button type="submit" loading={save.isPending}>
            Save limits
          </Button>
          <Button
            variant="ghost"
            disabled={draft === null || save.isPending}
            onClick={() => {
              setDraft(null);
              setErrors({});
              save.reset();
            }}
          >
            Discard changes
          </Button>
          {save.isError && (
            <p role="alert">{errorMessage(save.error, 'Failed to save risk limits. Please try again.')}</p>
          )}
        </Footer>
      </form>
    </Card>
  );
}

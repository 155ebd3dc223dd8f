import { type BacktestSweepRequest, SWEEP_MAX_COMBINATIONS, type SweepParameter } from '@td/contracts';
import { Banner, Button, NumberField } from '@td/ui';
import {
  DataChoice,
  ErrorText,
  FormActions,
  FormGrid,
  Hint,
  SettingsForm,
  TextField,
  useCheckedForm,
} from './backtest-form-parts';
import { INITIAL_SWEEP_FORM, readSweepForm } from './backtest-sweep-values';

const GRID_FIELDS: { field: SweepParameter; label: string; placeholder: string }[] = [
  { field: 'min_confidence', label: 'Minimum confidence values', placeholder: '0.6, 0.7, 0.8' },
  { field: 'stop_loss_pct', label: 'Stop-loss % values', placeholder: '1, 2' },
  { field: 'target_pct', label: 'Target % values', placeholder: '2, 3, 4' },
  { field: 'max_hold_minutes', label: 'Maximum hold values (minutes)', placeholder: '30, 60' },
  { field: 'allocation_strategy', label: 'Allocation strategies', placeholder: 'moderate, aggressive' },
];

export interface BacktestSweepFormProps {
  onStart: (request: BacktestSweepRequest) => void;
  running: boolean;
  submitting: boolean;
  /** The server's sentence when it refused the last sweep. */
  refusal: string | null;
  onAttempt: () => void;
}

/** The sweep's range, capital, split and values per parameter, each checked with the server's schema first. */
export function BacktestSweepForm({
  onStart,
  running,
  submitting,
  refusal,
  onAttempt,
}: BacktestSweepFormProps) {
  const { values, setValues, errors, submit } = useCheckedForm({
    initial: INITIAL_SWEEP_FORM,
    read: readSweepForm,
    onAttempt,
    onValid: onStart,
  });
  const set = (key: 'from' | 'to' | 'capital' | 'in_sample_share') => (value: string) =>
    setValues((current) => ({ ...current, [key]: value }));
  const setGrid = (field: SweepParameter) => (value: string) =>
    setValues((current) => ({ ...current, grid: { ...current.grid, [field]: value } }));

  return (
    <SettingsForm label="Sweep settings" onSubmit={submit}>
      <FormGrid>
        <DataChoice
          label="Sweep data"
          value={values.data}
          error={errors.data}
          onChange={(data) => setValues((current) => ({ ...current, data }))}
        />
        <TextField
          label="Sweep from"
          type="date"
          value={values.from}
          error={errors.from}
          onChange={set('from')}
        />
        <TextField label="Sweep to" type="date" value={values.to} error={errors.to} onChange={set('to')} />
        <NumberField
          label="Sweep capital (₹)"
          hint="Each part starts from it"
          value={values.capital}
          onChange={set('capital')}
          error={errors.capital}
          step={1}
        />
        <NumberField
          label="Share of sessions fitted on"
          hint="0.5 to 0.8: the first sessions; the rest are held out"
          value={values.in_sample_share}
          onChange={set('in_sample_share')}
          error={errors.in_sample_share}
          step="any"
        />
        {GRID_FIELDS.map(({ field, label, placeholder }) => (
          <TextField
            key={field}
            label={label}
            hint="Comma-separated; blank: not swept"
            type="text"
            placeholder={placeholder}
            value={values.grid[field]}
            error={errors[field]}
            onChange={setGrid(field)}
          />
        ))}
      </FormGrid>
      {errors.grid && <ErrorText role="alert">{errors.grid}</ErrorText>}
      <FormActions>
        <Button type="submit" loading={submitting} disabled={running}>
          Start sweep
        </Button>
        <Hint>At most {SWEEP_MAX_COMBINATIONS} combinations; other settings are the live loop's.</Hint>
      </FormActions>
      {refusal && (
        <Banner tone="error" title="Not started">
          {refusal}
        </Banner>
      )}
    </SettingsForm>
  );
}

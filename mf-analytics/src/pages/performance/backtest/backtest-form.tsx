import { BACKTEST_SIGNALS, type BacktestStartRequest } from '@td/contracts';
import { Banner, Button, NumberField, SelectInput } from '@td/ui';
import { SIGNALS_LABELS } from './backtest-figures';
import {
  DataChoice,
  Field,
  FormActions,
  FormGrid,
  FormNote as Note,
  SettingsForm,
  TextField,
  useCheckedForm,
} from './backtest-form-parts';
import { type BacktestFormValues, INITIAL_FORM, readBacktestForm } from './backtest-form-values';
import { StoredCandlesHint } from './stored-candles-hint';

export interface BacktestFormProps {
  onRun: (request: BacktestStartRequest) => void;
  running: boolean;
  submitting: boolean;
  /** The server's sentence when it refused the last run. */
  refusal: string | null;
  /** Each press of Run, valid or not: a refusal of an earlier press no longer applies. */
  onAttempt: () => void;
}

/** The range a refusal says the history covers ("… history covers 2026-11-25 to 2026-11-26."). */
const coveredRange = (refusal: string | null) => {
  const match = /history covers (\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})/.exec(refusal ?? '');
  return match ? { from: match[1]!, to: match[2]! } : null;
};

/** The run's range and settings, each checked with POST /api/backtests's own schema before anything is sent. */
export function BacktestForm({ onRun, running, submitting, refusal, onAttempt }: BacktestFormProps) {
  const { values, setValues, errors, submit } = useCheckedForm({
    initial: INITIAL_FORM,
    read: readBacktestForm,
    onAttempt,
    onValid: onRun,
  });
  const set =
    <K extends keyof BacktestFormValues>(key: K) =>
    (value: BacktestFormValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));
  const covered = coveredRange(refusal);

  return (
    <SettingsForm label="Backtest settings" onSubmit={submit}>
      <FormGrid>
        <DataChoice label="Data" value={values.data} error={errors.data} onChange={set('data')} />
        {values.data === 'stored' && (
          <StoredCandlesHint onUseRange={(range) => setValues((current) => ({ ...current, ...range }))} />
        )}
        <TextField label="From" type="date" value={values.from} error={errors.from} onChange={set('from')} />
        <TextField label="To" type="date" value={values.to} error={errors.to} onChange={set('to')} />
        <Field label="Symbols" error={undefined}>
          {(props) => (
            <SelectInput
              value={values.symbolsMode}
              onChange={(e) => set('symbolsMode')(e.target.value as BacktestFormValues['symbolsMode'])}
              {...props}
            >
              <option value="all">All symbols</option>
              <option value="chosen">A chosen list</option>
            </SelectInput>
          )}
        </Field>
        {values.symbolsMode === 'chosen' && (
          <TextField
            label="Chosen symbols"
            placeholder="INFY, TCS"
            value={values.symbols}
            error={errors.symbols}
            onChange={set('symbols')}
          />
        )}
        <NumberField
          label="Starting capital (₹)"
          hint="At least ₹1,50,000"
          value={values.capital}
          onChange={set('capital')}
          error={errors.capital}
          min={150_000}
          step={1}
        />
        <Field label="Allocation strategy" error={errors.allocation_strategy}>
          {(props) => (
            <SelectInput
              value={values.allocation_strategy}
              onChange={(e) =>
                set('allocation_strategy')(e.target.value as BacktestFormValues['allocation_strategy'])
              }
              {...props}
            >
              <option value="conservative">Conservative</option>
              <option value="moderate">Moderate</option>
              <option value="aggressive">Aggressive</option>
              <option value="ai_optimized">AI optimised</option>
            </SelectInput>
          )}
        </Field>
        <NumberField
          label="Minimum confidence"
          hint="0 to 1; blank: the live loop's"
          value={values.min_confidence}
          onChange={set('min_confidence')}
          error={errors.min_confidence}
          step="any"
        />
        <NumberField
          label="Stop-loss %"
          hint="Blank: the live loop's"
          value={values.stop_loss_pct}
          onChange={set('stop_loss_pct')}
          error={errors.stop_loss_pct}
          step="any"
        />
        <NumberField
          label="Target %"
          hint="Blank: the live loop's"
          value={values.target_pct}
          onChange={set('target_pct')}
          error={errors.target_pct}
          step="any"
        />
        <NumberField
          label="Maximum hold (minutes)"
          hint="Blank: until the exits or the session end"
          value={values.max_hold_minutes}
          onChange={set('max_hold_minutes')}
          error={errors.max_hold_minutes}
          step={1}
        />
        <Field label="Product" error={errors.product}>
          {(props) => (
            <SelectInput
              value={values.product}
              onChange={(e) => set('product')(e.target.value as BacktestFormValues['product'])}
              {...props}
            >
              <option value="I">Intraday</option>
              <option value="D">Delivery</option>
            </SelectInput>
          )}
        </Field>
        <Field label="Brokerage plan" error={errors.brokerage_plan}>
          {(props) => (
            <SelectInput
              value={values.brokerage_plan}
              onChange={(e) => set('brokerage_plan')(e.target.value as BacktestFormValues['brokerage_plan'])}
              {...props}
            >
              <option value="flat">Flat</option>
              <option value="discount">Discount</option>
            </SelectInput>
          )}
        </Field>
        <Field label="Signals" error={errors.signals}>
          {(props) => (
            <SelectInput
              value={values.signals}
              onChange={(e) => set('signals')(e.target.value as BacktestFormValues['signals'])}
              {...props}
            >
              {BACKTEST_SIGNALS.map((signals) => (
                <option key={signals} value={signals}>
                  {SIGNALS_LABELS[signals]}
                </option>
              ))}
            </SelectInput>
          )}
        </Field>
        {values.signals !== 'rules' && (
          <Field label="News" error={errors.news}>
            {(props) => (
              <SelectInput
                value={values.news}
                onChange={(e) => set('news')(e.target.value as BacktestFormValues['news'])}
                {...props}
              >
                <option value="on">With the news</option>
                <option value="off">Without the news</option>
              </SelectInput>
            )}
          </Field>
        )}
      </FormGrid>
      {values.signals !== 'rules' && (
        <Note>
          Rules: momentum and mean reversion. ML: the live loop's ensemble beside them, at the say its
          measured edge gives it (as live) or at full say. It first trains walk-forward on up to 20 sessions
          before the range (some seconds before the bars start to move), then keeps learning each outcome 30
          minutes after its prediction. Run the same range with and without the news, and compare the two, to
          see what the news is worth.
        </Note>
      )}
      <FormActions>
        <Button type="submit" loading={submitting} disabled={running}>
          Run backtest
        </Button>
      </FormActions>
      {refusal && (
        <Banner
          tone="error"
          title="Not started"
          actions={
            covered && (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setValues((current) => ({ ...current, ...covered }))}
              >
                Use {covered.from} to {covered.to}
              </Button>
            )
          }
        >
          {refusal}
        </Banner>
      )}
    </SettingsForm>
  );
}

import { errorMessage, isApiError, useFetchHistory } from '@td/api-client';
import {
  HISTORY_FETCH_MAX_SYMBOLS,
  type HistoryFetchRequest,
  type HistoryFetchResult,
  type HistoryInterval,
  historyFetchRequestSchema,
  UPSTOX_MINUTES_FROM,
} from '@td/contracts';
import { Banner, Button, formatNumber, SelectInput, TextInput } from '@td/ui';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';

const Form = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  align-items: start;
  gap: ${({ theme }) => theme.space(3)};
  > div { display: grid; gap: ${({ theme }) => theme.space(1)}; font-size: ${({ theme }) => theme.fontSize.sm}; }
  label { font-weight: 600; }
  button { align-self: end; }
`;
const FieldError = styled.span`
  color: ${({ theme }) => theme.colors.negative};
  font-weight: 400;
`;
const Hint = styled.p`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;
const OutcomeBox = styled.div`
  margin-top: ${({ theme }) => theme.space(3)};
`;

type Field = 'symbols' | 'interval' | 'from' | 'to';
type Outcome = { kind: 'stored'; result: HistoryFetchResult } | { kind: 'failed'; sentence: string };

const bars = (count: number) => `${formatNumber(count, { decimals: 0 })} bar${count === 1 ? '' : 's'}`;
const INTERVAL_WORDS: Readonly<Record<HistoryInterval, string>> = { '1minute': 'one-minute', day: 'daily' };

function storedText({ interval, from, to, stored }: HistoryFetchResult): string {
  const each = stored.map((entry) => `${entry.symbol} ${bars(entry.bars)}`).join(', ');
  return `Stored ${INTERVAL_WORDS[interval]} bars from ${from} to ${to}: ${each}.`;
}

/**
 * The route's own sentence (a fetch cut short by a 429 or a rejected token already names what it stored).
 * No answer in time does not mean the fetch failed: the server may still be storing bars, which the
 * coverage table shows.
 */
function failedText(error: unknown): string {
  if (isApiError(error) && error.kind === 'timeout') {
    return 'No answer came back in time, but the server may still be fetching and storing the bars: check the stored coverage below before fetching again.';
  }
  if (isApiError(error) && error.kind === 'invalid_response') {
    return 'The server answered with something this page cannot read: check the stored coverage below for what was stored.';
  }
  return errorMessage(error, 'The server could not be reached. Please try again.');
}

/** docs/history-import.md: Upstox's V3 historical candles for a few symbols, stored for backtests. */
export function HistoryFetchForm() {
  const fieldId = useId();
  const fetchHistory = useFetchHistory();
  const [symbols, setSymbols] = useState('');
  const [interval, setBarInterval] = useState<HistoryInterval>('1minute');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      symbols: symbols
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((symbol) => symbol.toUpperCase()),
      interval,
      from,
      to,
    };
    const parsed = historyFetchRequestSchema.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field | undefined;
        if (field && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setOutcome(null);
    try {
      const result = await fetchHistory.mutateAsync(parsed.data satisfies HistoryFetchRequest);
      setOutcome({ kind: 'stored', result });
    } catch (error) {
      setOutcome({ kind: 'failed', sentence: failedText(error) });
    }
  };

  const field = (name: Field) => ({
    id: `${fieldId}-${name}`,
    'aria-invalid': Boolean(errors[name]),
    ...(errors[name] ? { 'aria-describedby': `${fieldId}-${name}-error` } : {}),
  });
  const error = (name: Field) =>
    errors[name] && <FieldError id={`${fieldId}-${name}-error`}>{errors[name]}</FieldError>;

  return (
    <>
      <Form aria-label="Fetch candles from Upstox" noValidate onSubmit={submit}>
        <div>
          <label htmlFor={`${fieldId}-symbols`}>Symbols</label>
          <TextInput
            {...field('symbols')}
            value={symbols}
            placeholder="RELIANCE, TCS"
            onChange={(e) => setSymbols(e.target.value)}
          />
          {error('symbols')}
        </div>
        <div>
          <label htmlFor={`${fieldId}-interval`}>Bars</label>
          <SelectInput
            {...field('interval')}
            value={interval}
            onChange={(e) => setBarInterval(e.target.value as HistoryInterval)}
          >
            <option value="1minute">1 minute</option>
            <option value="day">Daily</option>
          </SelectInput>
          {error('interval')}
        </div>
        <div>
          <label htmlFor={`${fieldId}-from`}>From</label>
          <TextInput {...field('from')} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
          {error('from')}
        </div>
        <div>
          <label htmlFor={`${fieldId}-to`}>To</label>
          <TextInput {...field('to')} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
          {error('to')}
        </div>
        <Button type="submit" loading={fetchHistory.isPending}>
          Fetch from Upstox
        </Button>
      </Form>
      <Hint>
        Needs a connected Upstox account. Up to {HISTORY_FETCH_MAX_SYMBOLS} symbols a fetch; one-minute bars
        from {UPSTOX_MINUTES_FROM} on, up to three months a fetch. Backtests replay one-minute bars.
      </Hint>
      {fetchHistory.isPending && (
        <OutcomeBox role="status">
          <Banner tone="info">
            Fetching month by month within Upstox&apos;s rate limits: a few minutes for many symbols.
          </Banner>
        </OutcomeBox>
      )}
      {outcome && (
        <OutcomeBox>
          <Banner tone={outcome.kind === 'stored' ? 'success' : 'error'}>
            {outcome.kind === 'stored' ? storedText(outcome.result) : outcome.sentence}
          </Banner>
        </OutcomeBox>
      )}
    </>
  );
}

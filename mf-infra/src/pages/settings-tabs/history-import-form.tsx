import { errorMessage, historyImportRefusal, useImportHistory } from '@td/api-client';
import {
  HISTORY_IMPORT_MAX_BYTES,
  HISTORY_IMPORT_TOO_LARGE,
  type HistoryImportFormat,
  type HistoryImportResult,
  type HistoryInterval,
} from '@td/contracts';
import { Banner, Button, formatNumber, SelectInput, TextInput } from '@td/ui';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import styled from 'styled-components';

const Form = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  align-items: end;
  gap: ${({ theme }) => theme.space(3)};
  label { display: grid; gap: ${({ theme }) => theme.space(1)}; font-size: ${({ theme }) => theme.fontSize.sm}; font-weight: 600; }
  select, input { font-weight: 400; }
  input[type='file'] { padding-top: ${({ theme }) => theme.space(1)}; }
  input::file-selector-button {
    margin-right: ${({ theme }) => theme.space(2)};
    padding: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    cursor: pointer;
  }
`;
const Hint = styled.p`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
  code { font-family: ${({ theme }) => theme.font.mono}; }
`;
const OutcomeBox = styled.div`
  margin-top: ${({ theme }) => theme.space(3)};
  p { margin: ${({ theme }) => theme.space(1)} 0 0; }
  ul { margin: ${({ theme }) => theme.space(2)} 0 0; padding: 0; list-style: none; }
`;

// A break after each comma, so a phone wraps the header between names, not inside one.
const OHLCV_COLUMNS = ['symbol', 'timestamp', 'open', 'high', 'low', 'close', 'volume'].flatMap((name, i) =>
  i === 0 ? [name] : [',', <wbr key={name} />, name],
);

const FORMAT_HINTS: Readonly<Record<HistoryImportFormat, ReactNode>> = {
  ohlcv: (
    <>
      Columns <code>{OHLCV_COLUMNS}</code>: prices in rupees, each bar stamped with its start in IST (a daily
      bar may be a bare date like 2026-01-05).
    </>
  ),
  'nse-bhavcopy': (
    <>
      NSE&apos;s daily CM bhavcopy as published (legacy or UDiFF layout): only EQ rows of listed stocks are
      stored, other rows are skipped.
    </>
  ),
};

type Outcome =
  | { kind: 'imported'; result: HistoryImportResult }
  | { kind: 'refused'; sentence: string; lines: { line: number; message: string }[]; more: number }
  | { kind: 'failed'; sentence: string };

const plural = (count: number, word: string) =>
  `${formatNumber(count, { decimals: 0 })} ${word}${count === 1 ? '' : 's'}`;

function importedText({ format, imported, skipped, symbols }: HistoryImportResult): string {
  const stored = `Imported ${plural(imported, 'bar')} of ${symbols.join(', ')}.`;
  return format === 'nse-bhavcopy'
    ? `${stored} Skipped ${plural(skipped, 'row')} of other series or stocks.`
    : stored;
}

function outcomeOfError(error: unknown): Outcome {
  const sentence = errorMessage(error, 'The server could not be reached. Please try again.');
  const refusal = historyImportRefusal(error);
  if (!refusal) return { kind: 'failed', sentence };
  return {
    kind: 'refused',
    sentence,
    lines: refusal.problems,
    more: refusal.refusedLines - refusal.problems.length,
  };
}

/** docs/history-import.md: a CSV of bars sent as text; any refused line and nothing is stored. */
export function HistoryImportForm() {
  const fieldId = useId();
  const importHistory = useImportHistory();
  const [format, setFormat] = useState<HistoryImportFormat>('ohlcv');
  const [interval, setBarInterval] = useState<HistoryInterval>('day');
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [reading, setReading] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    if (file.size > HISTORY_IMPORT_MAX_BYTES) {
      setOutcome({ kind: 'failed', sentence: HISTORY_IMPORT_TOO_LARGE });
      return;
    }
    setOutcome(null);
    setReading(true);
    try {
      const csv = await file.text().catch(() => null);
      if (csv === null) {
        setOutcome({ kind: 'failed', sentence: 'The file could not be read: choose it again.' });
        return;
      }
      const result = await importHistory.mutateAsync(
        format === 'ohlcv' ? { format, interval, csv } : { format, csv },
      );
      setOutcome({ kind: 'imported', result });
    } catch (error) {
      setOutcome(outcomeOfError(error));
    } finally {
      setReading(false);
    }
  };

  const sending = reading || importHistory.isPending;
  return (
    <>
      <Form aria-label="Import historical candles" onSubmit={submit}>
        <label htmlFor={`${fieldId}-format`}>
          Format
          <SelectInput
            id={`${fieldId}-format`}
            value={format}
            onChange={(e) => setFormat(e.target.value as HistoryImportFormat)}
          >
            <option value="ohlcv">Our OHLCV CSV</option>
            <option value="nse-bhavcopy">NSE bhavcopy</option>
          </SelectInput>
        </label>
        {format === 'ohlcv' && (
          <label htmlFor={`${fieldId}-interval`}>
            Interval
            <SelectInput
              id={`${fieldId}-interval`}
              value={interval}
              onChange={(e) => setBarInterval(e.target.value as HistoryInterval)}
            >
              <option value="1minute">1 minute</option>
              <option value="day">Daily</option>
            </SelectInput>
          </label>
        )}
        <label htmlFor={`${fieldId}-file`}>
          CSV file
          <TextInput
            id={`${fieldId}-file`}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        <Button type="submit" disabled={!file} loading={sending}>
          Import
        </Button>
      </Form>
      <Hint>{FORMAT_HINTS[format]}</Hint>
      {outcome && <ImportOutcome outcome={outcome} />}
    </>
  );
}

function ImportOutcome({ outcome }: { outcome: Outcome }) {
  if (outcome.kind === 'imported') {
    return (
      <OutcomeBox>
        <Banner tone="success">{importedText(outcome.result)}</Banner>
      </OutcomeBox>
    );
  }
  if (outcome.kind === 'failed') {
    return (
      <OutcomeBox>
        <Banner tone="error">{outcome.sentence}</Banner>
      </OutcomeBox>
    );
  }
  return (
    <OutcomeBox>
      <Banner tone="error">
        {outcome.sentence}
        <ul aria-label="Refused lines">
          {outcome.lines.map((problem) => (
            <li key={problem.line}>
              Line {problem.line}: {problem.message}
            </li>
          ))}
        </ul>
        {outcome.more > 0 && <p>and {formatNumber(outcome.more, { decimals: 0 })} more</p>}
      </Banner>
    </OutcomeBox>
  );
}

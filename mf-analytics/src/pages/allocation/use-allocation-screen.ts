import {
  errorMessage,
  isApiError,
  useAiRecommendation,
  useAllocationSettings,
  useDailyAmount,
  useSaveAllocation,
  useSetDailyAmount,
} from '@td/api-client';
import { dailyAmountRequestSchema } from '@td/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type AllocationFormValues, type FieldErrors, formValuesOf, toSaveRequest } from './allocation-form';
import {
  type AllocationConnection,
  DATA_SOURCE_NOT_AVAILABLE,
  FAILED_TO_FETCH,
  SAVE_FAILED,
  SAVED,
  SAVED_MESSAGE_MS,
} from './allocation-messages';

export type SaveOutcome = { kind: 'saved'; message: string } | { kind: 'failed'; message: string } | null;

/** The allocation screen's data, form and actions: what the page and its tabs render. */
export function useAllocationScreen() {
  const settings = useAllocationSettings();
  const dailyAmount = useDailyAmount();
  const recommendation = useAiRecommendation();
  const save = useSaveAllocation();
  const postDailyAmount = useSetDailyAmount();
  const [values, setValues] = useState<AllocationFormValues | null>(null);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  const postedAmount = useRef<string | null>(null);

  // The form follows the server until the trader edits it, and again after a save.
  useEffect(() => {
    if (settings.data && !dirty) setValues(formValuesOf(settings.data));
  }, [settings.data, dirty]);

  // spec part 1 §4 "Allocation save": the success message shows for 3 seconds.
  useEffect(() => {
    if (outcome?.kind !== 'saved') return;
    const timer = setTimeout(() => setOutcome(null), SAVED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  const connection: AllocationConnection = settings.isError
    ? 'disconnected'
    : settings.isSuccess
      ? 'connected'
      : 'connecting';
  const connectionProblem = settings.isError
    ? isApiError(settings.error) && settings.error.isDisconnected
      ? DATA_SOURCE_NOT_AVAILABLE
      : FAILED_TO_FETCH
    : null;

  const change = useCallback((patch: Partial<AllocationFormValues>) => {
    setValues((current) => (current ? { ...current, ...patch } : current));
    setDirty(true);
    setErrors((current) => {
      const next = { ...current };
      for (const field of Object.keys(patch) as (keyof AllocationFormValues)[]) delete next[field];
      return next;
    });
  }, []);

  /** spec part 1 §5: on losing focus, a numeric daily amount is posted at once. */
  const onDailyAmountBlur = useCallback(() => {
    if (!values || connection !== 'connected') return;
    const typed = values.daily_amount.trim();
    if (typed === '' || !Number.isFinite(Number(typed)) || typed === postedAmount.current) return;
    const parsed = dailyAmountRequestSchema.safeParse({ daily_amount: Number(typed) });
    if (!parsed.success) {
      setErrors((current) => ({ ...current, daily_amount: parsed.error.issues[0]?.message }));
      return;
    }
    postedAmount.current = typed;
    postDailyAmount.mutate(
      { daily_amount: Number(typed) },
      {
        onError: (error) => {
          postedAmount.current = null;
          setErrors((current) => ({ ...current, daily_amount: errorMessage(error, SAVE_FAILED) }));
        },
      },
    );
  }, [values, connection, postDailyAmount]);

  const submit = useCallback(() => {
    if (!values || !settings.data) return;
    const checked = toSaveRequest(values, settings.data);
    if (checked.errors) {
      setErrors(checked.errors);
      setOutcome(null);
      return;
    }
    setErrors({});
    save.mutate(checked.request, {
      onSuccess: () => {
        setDirty(false);
        postedAmount.current = null;
        setOutcome({ kind: 'saved', message: SAVED });
      },
      onError: (error) => setOutcome({ kind: 'failed', message: errorMessage(error, SAVE_FAILED) }),
    });
  }, [values, settings.data, save]);

  const retry = useCallback(() => {
    void settings.refetch();
    void dailyAmount.refetch();
    void recommendation.refetch();
  }, [settings, dailyAmount, recommendation]);

  return {
    settings,
    dailyAmount,
    recommendation,
    values,
    errors,
    outcome,
    saving: save.isPending,
    connection,
    connectionProblem,
    change,
    onDailyAmountBlur,
    submit,
    retry,
  };
}

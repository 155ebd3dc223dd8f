import { Banner, Button } from '@td/ui';

export interface Notice {
  tone: 'error' | 'success' | 'info';
  text: string;
  /** A second line ("Redirecting..."). */
  detail?: string;
  /** A way forward offered with the message ("Request password setup"). */
  action?: { label: string; onClick: () => void };
}

/** The screen's one message line: errors are announced at once, the rest politely. */
export function SignInNotice({ notice }: { notice: Notice }) {
  const { action } = notice;
  return (
    <Banner
      tone={notice.tone}
      title={notice.text}
      actions={
        action && (
          <Button size="sm" variant="secondary" onClick={action.onClick}>
            {action.label}
          </Button>
        )
      }
    >
      {notice.detail}
    </Banner>
  );
}

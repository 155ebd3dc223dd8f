import { Banner, Button, formatIstClock } from '@td/ui';
import { CONNECTION_ISSUES_TEXT, CONNECTION_ISSUES_TITLE } from './performance-messages';
import { reloadPage } from './reload-page';

export interface ConnectionIssuesBannerProps {
  onRetry: () => void;
  retrying: boolean;
  /** ISO time of the last call, answered or failed. */
  lastAttempt: string | null;
}

/** spec part 2 §2.3: the warning banner with Retry, Restart (reloads the page) and the last attempt's time. */
export function ConnectionIssuesBanner({ onRetry, retrying, lastAttempt }: ConnectionIssuesBannerProps) {
  return (
    <Banner
      tone="warning"
      title={CONNECTION_ISSUES_TITLE}
      actions={
        <>
          <Button size="sm" variant="secondary" onClick={onRetry} loading={retrying}>
            Retry
          </Button>
          <Button size="sm" variant="ghost" onClick={reloadPage}>
            Restart
          </Button>
        </>
      }
    >
      {CONNECTION_ISSUES_TEXT} Last attempt {formatIstClock(lastAttempt)} IST.
    </Banner>
  );
}

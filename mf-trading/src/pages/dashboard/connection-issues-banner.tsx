import { Banner, Button } from '@td/ui';
import { reloadPage } from './reload-page';

// spec part 1 §2 "Dashboard", word for word.
export const CONNECTION_ISSUES_TITLE = 'Data Connection Issues:';
export const CONNECTION_ISSUES_TEXT =
  'Unable to connect to real-time data sources. Trading data may not be current.';

export interface ConnectionIssuesBannerProps {
  onTryAgain: () => void;
  retrying: boolean;
}

/** Shown when the portfolio overview failed: ask again, or reload the whole page. */
export function ConnectionIssuesBanner({ onTryAgain, retrying }: ConnectionIssuesBannerProps) {
  return (
    <Banner
      tone="error"
      title={CONNECTION_ISSUES_TITLE}
      actions={
        <>
          <Button size="sm" variant="secondary" onClick={onTryAgain} loading={retrying}>
            Try Again
          </Button>
          <Button size="sm" variant="ghost" onClick={reloadPage}>
            Restart Page
          </Button>
        </>
      }
    >
      {CONNECTION_ISSUES_TEXT}
    </Banner>
  );
}

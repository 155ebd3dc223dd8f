import { Button } from '@td/ui';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import styled from 'styled-components';

const Page = styled.main`
  min-height: 100vh;
  display: grid;
  place-content: center;
  gap: 12px;
  padding: 24px;
  text-align: center;
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.font.body};
  p { color: ${({ theme }) => theme.colors.textMuted}; max-width: 560px; }
`;

/** spec part 1 §2: an unexpected routing failure shows a page titled 'Unexpected Application Error!'. */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <Page>
      <h1>Unexpected Application Error!</h1>
      <p>{detail}</p>
      <div>
        <Button onClick={() => window.location.assign('/dashboard')}>Back to the dashboard</Button>
      </div>
    </Page>
  );
}

import styled from 'styled-components';
import { RemoteVersion } from './remote-version';

const Panel = styled.section`
  margin: 24px;
  padding: 28px;
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.font.body};
  h1 { margin: 0 0 8px; font-size: 22px; }
  p { margin: 6px 0; color: ${({ theme }) => theme.colors.textMuted}; line-height: 1.5; }
  small { padding: 0; }
`;

/** The honest panel for a screen whose data does not exist yet: it shows no figures at all. */
export function ScreenNotBuilt({ title, summary }: { title: string; summary: string }) {
  return (
    <Panel aria-labelledby="screen-not-built-title">
      <h1 id="screen-not-built-title">{title}</h1>
      <p>This screen is not built yet. {summary}</p>
      <p>No figures are shown here until the engines behind them exist.</p>
      <RemoteVersion />
    </Panel>
  );
}

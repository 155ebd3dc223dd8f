import { RemoteVersion } from '@td/platform';
import styled from 'styled-components';

const Panel = styled.section`
  padding: ${({ theme }) => theme.space(6)};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.font.body};
  h2 { margin: 0 0 ${({ theme }) => theme.space(2)}; font-size: ${({ theme }) => theme.fontSize.md}; }
  small { padding: 0; }
  p { margin: ${({ theme }) => theme.space(1.5)} 0; color: ${({ theme }) => theme.colors.textMuted}; line-height: 1.5; }
  ${({ theme }) => theme.media.phone} {
    padding: ${({ theme }) => theme.space(4)};
  }
`;

/** The honest panel of a settings tab this remote will own: names it, shows no figures at all. */
export function SettingsTabNotBuilt({ title, summary }: { title: string; summary: string }) {
  return (
    <Panel aria-label={title}>
      <h2>{title}</h2>
      <p>This tab is not built yet. {summary}</p>
      <p>Nothing here is configured or shown until the infrastructure team ships it.</p>
      <RemoteVersion />
    </Panel>
  );
}

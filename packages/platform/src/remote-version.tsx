import styled from 'styled-components';
import { usePlatform } from './platform-context';

const Stamp = styled.small`
  display: block;
  padding: ${({ theme }) => `0 ${theme.space(6)} ${theme.space(4)}`};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
`;

/** Which build of which remote drew the screen: what ops check after swapping a version. */
export function RemoteVersion() {
  const { remote, version } = usePlatform();
  return (
    <Stamp data-testid="remote-version">
      Served by mf-{remote} {version}
    </Stamp>
  );
}

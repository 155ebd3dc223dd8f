import { Button } from '@td/ui';
import styled from 'styled-components';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.warning};
  border-radius: ${({ theme }) => theme.radius.md};
  ol {
    display: grid;
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(4)};
    margin: 0;
    padding-left: ${({ theme }) => theme.space(5)};
    font-family: ${({ theme }) => theme.font.mono};
  }
`;

/** The recovery codes, shown this once: the server keeps only their hashes. */
export function RecoveryCodes({
  message,
  codes,
  onDone,
}: {
  message: string;
  codes: string[];
  onDone: () => void;
}) {
  return (
    <Box role="status" aria-label="Recovery codes">
      <p>{message}</p>
      <ol>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div>
        <Button variant="secondary" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </Box>
  );
}

import { TextInput } from '@td/ui';
import styled from 'styled-components';

const Remove = styled.span`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  font-weight: 400;
  input { margin: 0; }
`;
const Problem = styled.span`
  color: ${({ theme }) => theme.colors.negative};
  font-weight: 400;
`;

export interface DataSourceKeyFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The stored key's first characters, when the source has one: offers to remove it. */
  storedMasked: string | null;
  removing: boolean;
  onRemovingChange: (removing: boolean) => void;
  /** The server's sentence about the key (an endpoint moved to another site), shown under the field. */
  problem: string | null;
}

/** The API key of a custom source: a new key, the stored one kept (left empty), or the stored one removed. */
export function DataSourceKeyField(props: DataSourceKeyFieldProps) {
  const { id, value, onChange, storedMasked, removing, onRemovingChange, problem } = props;
  const hint = !storedMasked
    ? 'optional; sent as a Bearer token, stored encrypted'
    : removing
      ? `stored: ${storedMasked} — it will be removed when you save`
      : `stored: ${storedMasked} — leave empty to keep it`;
  return (
    <>
      <label htmlFor={id}>
        API key <small>{hint}</small>
        <TextInput
          id={id}
          type="password"
          autoComplete="off"
          value={value}
          disabled={removing}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
        {problem && (
          <Problem id={`${id}-problem`} role="alert">
            {problem}
          </Problem>
        )}
      </label>
      {storedMasked && (
        <label htmlFor={`${id}-remove`}>
          <Remove>
            <input
              id={`${id}-remove`}
              type="checkbox"
              checked={removing}
              onChange={(e) => onRemovingChange(e.target.checked)}
            />
            Remove stored key
          </Remove>
        </label>
      )}
    </>
  );
}

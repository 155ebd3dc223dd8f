import styled, { keyframes } from 'styled-components';

export interface SkeletonProps {
  /** Number of text lines; the last is shorter, as a paragraph's is. */
  lines?: number;
  /** A single block instead of lines (a chart, a tile). */
  block?: { width?: string; height: string };
  /** Announced to screen readers while the content loads. */
  label?: string;
}

const shimmer = keyframes`
  from { background-position: 200% 0; }
  to { background-position: -200% 0; }
`;

const Bone = styled.span<{ $width: string; $height: string }>`
  display: block;
  width: ${({ $width }) => $width};
  height: ${({ $height }) => $height};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: linear-gradient(
    90deg,
    ${({ theme }) => theme.colors.skeleton} 25%,
    ${({ theme }) => theme.colors.surfaceHover} 50%,
    ${({ theme }) => theme.colors.skeleton} 75%
  );
  background-size: 200% 100%;
  animation: ${shimmer} 1.4s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Stack = styled.span`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;

/** A grey placeholder in the shape of content that is still loading. */
export function Skeleton({ lines = 3, block, label = 'Loading' }: SkeletonProps) {
  return (
    <Stack role="status" aria-label={label} aria-busy="true">
      {block ? (
        <Bone $width={block.width ?? '100%'} $height={block.height} />
      ) : (
        Array.from({ length: lines }, (_, index) => (
          <Bone key={index} $width={index === lines - 1 && lines > 1 ? '60%' : '100%'} $height="0.9em" />
        ))
      )}
    </Stack>
  );
}

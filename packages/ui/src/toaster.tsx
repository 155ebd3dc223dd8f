import styled, { keyframes } from 'styled-components';
import { type Tone, toneColour } from './colour-scale';
import { focusRing } from './focus-ring';
import { Spinner } from './spinner';
import type { Toast, ToastKind, ToastStore } from './toast-store';
import { useToastStore } from './use-toast-store';

const TONE: Record<ToastKind, Tone> = {
  success: 'positive',
  error: 'negative',
  info: 'info',
  blank: 'neutral',
  loading: 'info',
};
const ICON: Partial<Record<ToastKind, string>> = { success: '✓', error: '!', info: 'i' };

const slideIn = keyframes`
  from { opacity: 0; transform: translateY(-6px); }
  to { opacity: 1; transform: none; }
`;

const Region = styled.section`
  position: fixed;
  /* Below the shell's 56 px top bar, so a notice never covers the portfolio figures there. */
  top: ${({ theme }) => theme.space(18)};
  right: ${({ theme }) => theme.space(4)};
  z-index: ${({ theme }) => theme.zIndex.toast};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  width: min(380px, calc(100vw - 32px));
  max-height: calc(100vh - 32px);
  overflow-y: auto;
  pointer-events: none;
  ${({ theme }) => theme.media.phone} {
    top: auto;
    right: 0;
    bottom: 0;
    left: 0;
    width: 100%;
    padding: ${({ theme }) => theme.space(2)};
  }
`;

const Item = styled.div<{ $colour: string }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(3)} ${theme.space(3)} ${theme.space(4)}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid ${({ $colour }) => $colour};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  box-shadow: ${({ theme }) => theme.shadow.overlay};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSize.sm};
  pointer-events: auto;
  animation: ${slideIn} 0.18s ease-out;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Icon = styled.span<{ $colour: string }>`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: 20px;
  height: 20px;
  border-radius: 50%;
  background: ${({ $colour }) => $colour};
  color: #0b1220;
  font-size: 12px;
  font-weight: 700;
`;

const Message = styled.p`
  flex: 1;
  margin: 0;
  line-height: 1.45;
  overflow-wrap: anywhere;
`;

const Dismiss = styled.button`
  flex: none;
  width: 24px;
  height: 24px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 16px;
  line-height: 1;
  cursor: pointer;
  &:hover {
    color: ${({ theme }) => theme.colors.text};
  }
  ${focusRing}
`;

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const colour = toneColour(TONE[toast.kind]);
  const icon = ICON[toast.kind];
  return (
    <Item $colour={colour} data-kind={toast.kind}>
      {toast.kind === 'loading' ? (
        <Spinner size={18} label="" />
      ) : (
        icon && (
          <Icon aria-hidden="true" $colour={colour}>
            {icon}
          </Icon>
        )
      )}
      <Message>{toast.message}</Message>
      <Dismiss type="button" aria-label="Dismiss notification" onClick={onDismiss}>
        ×
      </Dismiss>
    </Item>
  );
}

export interface ToasterProps {
  store: ToastStore;
}

/** The host renders this once: top-right on desktop, a full-width stack at the bottom on phones. */
export function Toaster({ store }: ToasterProps) {
  const toasts = useToastStore(store);
  return (
    <Region aria-label="Notifications" aria-live="polite" aria-relevant="additions text">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDismiss={() => store.dismiss(toast.id)} />
      ))}
    </Region>
  );
}

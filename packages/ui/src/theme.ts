/** One palette for the shell and every remote; remotes receive it through the platform props. */
export const theme = {
  colors: {
    background: '#0b1220',
    surface: '#111a2e',
    surfaceRaised: '#17223a',
    border: '#24314f',
    text: '#e6ebf5',
    textMuted: '#93a1bd',
    primary: '#3b82f6',
    primaryText: '#ffffff',
    positive: '#22c55e',
    negative: '#ef4444',
    warning: '#f59e0b',
    info: '#38bdf8',
    live: '#dc2626',
    surfaceHover: '#1d2a47',
    primaryHover: '#2563eb',
    overlay: 'rgba(3, 7, 18, 0.72)',
    skeleton: '#1f2b45',
    focus: '#60a5fa',
  },
  radius: { sm: '6px', md: '10px', lg: '14px', pill: '999px' },
  space: (n: number) => `${n * 4}px`,
  font: {
    body: "'Inter', 'Segoe UI', system-ui, -apple-system, sans-serif",
    mono: "'JetBrains Mono', 'SFMono-Regular', Menlo, monospace",
  },
  fontSize: { xs: '0.75rem', sm: '0.875rem', md: '1rem', lg: '1.25rem', xl: '1.75rem' },
  breakpoints: { md: '768px', lg: '1024px' },
  /** Media queries built from the breakpoints: phones are narrower than md. */
  media: {
    phone: '@media (max-width: 767.98px)',
    tabletUp: '@media (min-width: 768px)',
    desktopUp: '@media (min-width: 1024px)',
  },
  shadow: {
    card: '0 1px 2px rgba(0, 0, 0, 0.35), 0 8px 24px rgba(0, 0, 0, 0.18)',
    overlay: '0 24px 64px rgba(0, 0, 0, 0.55)',
  },
  focusRing: '0 0 0 2px #0b1220, 0 0 0 4px #60a5fa',
  zIndex: { modal: 1000, toast: 1100 },
} as const;

export type Theme = typeof theme;

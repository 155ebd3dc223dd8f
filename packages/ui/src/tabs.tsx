import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { focusRing } from './focus-ring';

export interface TabItem<Id extends string = string> {
  id: Id;
  label: ReactNode;
  content: ReactNode;
}

export interface TabsProps<Id extends string = string> {
  tabs: readonly TabItem<Id>[];
  /** Names the tab list for screen readers ("Risk views"). */
  label: string;
  /** Controlled selection; leave out to let Tabs keep it. */
  value?: Id;
  defaultValue?: Id;
  onChange?: (id: Id) => void;
}

const List = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(1)};
  overflow-x: auto;
  scrollbar-width: thin;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Tab = styled.button<{ $selected: boolean }>`
  flex: none;
  padding: ${({ theme }) => `${theme.space(2.5)} ${theme.space(4)}`};
  border: 0;
  border-bottom: 2px solid ${({ theme, $selected }) => ($selected ? theme.colors.primary : 'transparent')};
  margin-bottom: -1px;
  border-radius: ${({ theme }) => `${theme.radius.sm} ${theme.radius.sm} 0 0`};
  background: transparent;
  color: ${({ theme, $selected }) => ($selected ? theme.colors.text : theme.colors.textMuted)};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 600;
  white-space: nowrap;
  cursor: pointer;
  &:hover {
    color: ${({ theme }) => theme.colors.text};
  }
  ${focusRing}
`;

const Panel = styled.div`
  padding-top: ${({ theme }) => theme.space(4)};
  ${focusRing}
`;

/** Scrolls the row sideways just enough to show the tab whole; the page itself does not move. */
function revealInRow(row: HTMLElement, tab: HTMLElement): void {
  const rowBox = row.getBoundingClientRect();
  const tabBox = tab.getBoundingClientRect();
  if (tabBox.left < rowBox.left) row.scrollLeft -= rowBox.left - tabBox.left;
  else if (tabBox.right > rowBox.right) row.scrollLeft += tabBox.right - rowBox.right;
}

/** WAI-ARIA tabs: arrow keys move and select, Home/End jump, only the selected tab is in the Tab order. */
export function Tabs<Id extends string>({ tabs, label, value, defaultValue, onChange }: TabsProps<Id>) {
  const baseId = useId();
  const [ownValue, setOwnValue] = useState<Id | undefined>(defaultValue ?? tabs[0]?.id);
  const selected = value ?? ownValue;
  const tabRefs = useRef(new Map<Id, HTMLButtonElement>());
  const listRef = useRef<HTMLDivElement>(null);

  // On a phone the row scrolls sideways: keep the selected tab in sight when it opens, when it
  // changes and when the window turns; not on every render, so a row the trader swiped stays put.
  useEffect(() => {
    const reveal = () => {
      const tab = selected === undefined ? undefined : tabRefs.current.get(selected);
      if (listRef.current && tab) revealInRow(listRef.current, tab);
    };
    reveal();
    window.addEventListener('resize', reveal);
    return () => window.removeEventListener('resize', reveal);
  }, [selected]);

  const select = (id: Id) => {
    if (value === undefined) setOwnValue(id);
    onChange?.(id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const last = tabs.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: index >= last ? 0 : index + 1,
      ArrowLeft: index <= 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = tabs[moves[event.key] ?? -1];
    if (!target) return;
    event.preventDefault();
    select(target.id);
    tabRefs.current.get(target.id)?.focus();
  };

  const tabId = (id: Id) => `${baseId}-tab-${id}`;
  const panelId = (id: Id) => `${baseId}-panel-${id}`;
  const active = tabs.find((tab) => tab.id === selected);

  return (
    <div>
      <List ref={listRef} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <Tab
            key={tab.id}
            ref={(node) => {
              if (node) tabRefs.current.set(tab.id, node);
              else tabRefs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={tabId(tab.id)}
            aria-selected={tab.id === selected}
            aria-controls={panelId(tab.id)}
            tabIndex={tab.id === selected ? 0 : -1}
            $selected={tab.id === selected}
            onClick={() => select(tab.id)}
          >
            {tab.label}
          </Tab>
        ))}
      </List>
      {active && (
        <Panel role="tabpanel" id={panelId(active.id)} aria-labelledby={tabId(active.id)} tabIndex={0}>
          {active.content}
        </Panel>
      )}
    </div>
  );
}

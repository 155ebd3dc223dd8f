import { screen } from '@testing-library/react';
import { Tabs } from './tabs';
import { renderWithTheme } from './test-support/render-with-theme';

const riskTabs = [
  { id: 'overview', label: 'Overview', content: <p>Overview panel</p> },
  { id: 'positions', label: 'Positions', content: <p>Positions panel</p> },
  { id: 'alerts', label: 'Alerts', content: <p>Alerts panel</p> },
] as const;

/** A row `width` px wide of tabs `tabWidth` px wide each, scrolled by the row's scrollLeft (jsdom lays nothing out). */
function layOutRow(width: number, tabWidth: number) {
  const box = (left: number, right: number) =>
    ({ left, right, top: 0, bottom: 40, width: right - left }) as DOMRect;
  return jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    if (this.getAttribute('role') === 'tablist') return box(0, width);
    const row = this.closest<HTMLElement>('[role="tablist"]');
    if (this.getAttribute('role') !== 'tab' || !row) return box(0, 0);
    const left = [...row.children].indexOf(this) * tabWidth - row.scrollLeft;
    return box(left, left + tabWidth);
  });
}

describe('Tabs', () => {
  it('marks the first tab selected and shows its panel, labelled by the tab', () => {
    renderWithTheme(<Tabs label="Risk views" tabs={riskTabs} />);
    expect(screen.getByRole('tablist', { name: 'Risk views' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Positions' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel', { name: 'Overview' })).toHaveTextContent('Overview panel');
  });

  it('switches panel on click and reports the new tab', async () => {
    const onChange = jest.fn();
    const { user } = renderWithTheme(<Tabs label="Risk views" tabs={riskTabs} onChange={onChange} />);
    await user.click(screen.getByRole('tab', { name: 'Alerts' }));
    expect(screen.getByRole('tab', { name: 'Alerts' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Alerts panel');
    expect(onChange).toHaveBeenCalledWith('alerts');
  });

  it('moves selection and focus with the arrow keys, wrapping at both ends', async () => {
    const { user } = renderWithTheme(<Tabs label="Risk views" tabs={riskTabs} />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Positions' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Positions' })).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Alerts' })).toHaveFocus();

    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Alerts panel');
  });

  it('keeps only the selected tab in the Tab order', () => {
    renderWithTheme(<Tabs label="Risk views" tabs={riskTabs} defaultValue="positions" />);
    expect(screen.getByRole('tab', { name: 'Positions' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('tabindex', '-1');
  });

  it('scrolls a narrow tab row to show the selected tab when it opens and when another is chosen', async () => {
    const layout = layOutRow(250, 100);
    try {
      const fourTabs = [...riskTabs, { id: 'limits', label: 'Limits', content: <p>Limits panel</p> }];
      const { user } = renderWithTheme(<Tabs label="Risk views" tabs={fourTabs} defaultValue="alerts" />);
      const row = screen.getByRole('tablist');
      // Alerts spans 200–300 px in a 250 px row: scrolled 50 px so its right edge shows.
      expect(row.scrollLeft).toBe(50);
      await user.click(screen.getByRole('tab', { name: 'Overview' }));
      expect(row.scrollLeft).toBe(0);
      await user.keyboard('{End}');
      expect(row.scrollLeft).toBe(150);
      // A tab already in sight leaves the row where it is.
      await user.keyboard('{ArrowLeft}');
      expect(row.scrollLeft).toBe(150);
    } finally {
      layout.mockRestore();
    }
  });

  it('follows the value when controlled', () => {
    renderWithTheme(<Tabs label="Risk views" tabs={riskTabs} value="alerts" onChange={() => undefined} />);
    expect(screen.getByRole('tab', { name: 'Alerts' })).toHaveAttribute('aria-selected', 'true');
  });
});

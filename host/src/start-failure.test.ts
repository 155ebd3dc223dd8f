import { failStartIn, showStartFailure } from './start-failure';

describe('the page that could not start', () => {
  beforeEach(() => {
    document.body.innerHTML = '<div id="root"><p>Redirecting...</p></div>';
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('replaces the page with what happened and a Retry that reloads it', () => {
    const reload = jest.fn();
    showStartFailure(new Error('Loading chunk 412 failed.'), document.getElementById('root'), reload);
    const alert = document.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain('The dashboard could not be loaded');
    expect(alert.textContent).toContain('Loading chunk 412 failed.');
    expect(document.body.textContent).not.toContain('Redirecting');
    alert.querySelector('button')!.click();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('lets React go of the root first when React was rendering there', () => {
    const root = { unmount: jest.fn() };
    failStartIn(root)(new Error('network'));
    expect(root.unmount).toHaveBeenCalledTimes(1);
    expect(document.querySelector('[role="alert"]')?.textContent).toContain('network');
  });
});

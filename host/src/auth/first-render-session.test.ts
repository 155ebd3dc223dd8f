import { decideBeforeFirstRender } from './first-render-session';

const USER = { email: 'trader@example.com', name: 'Asha' };
const never = new Promise<never>(() => undefined);

describe('deciding the session before the first render', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('is signed in once the server confirmed the session and the layout chunk is in', async () => {
    const decided = decideBeforeFirstRender(Promise.resolve({ user: USER }), Promise.resolve(), 1000);
    await expect(decided).resolves.toEqual({ kind: 'signed-in', user: USER });
  });

  it('is still signed in when the layout chunk failed: the render shows that failure itself', async () => {
    const layout = Promise.reject(new Error('chunk failed'));
    const decided = decideBeforeFirstRender(Promise.resolve({ user: USER }), layout, 1000);
    await expect(decided).resolves.toEqual({ kind: 'signed-in', user: USER });
  });

  it('is refused when the server refused the stored session', async () => {
    const decided = decideBeforeFirstRender(Promise.reject(new Error('401')), Promise.resolve(), 1000);
    await expect(decided).resolves.toEqual({ kind: 'refused' });
  });

  it('is undecided when the check has not answered within the wait, so the page renders meanwhile', async () => {
    const decided = decideBeforeFirstRender(never, Promise.resolve(), 1000);
    jest.advanceTimersByTime(999);
    let settled = false;
    void decided.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    jest.advanceTimersByTime(1);
    await expect(decided).resolves.toEqual({ kind: 'undecided' });
  });

  it('waits for the layout chunk too, within the same bound', async () => {
    const decided = decideBeforeFirstRender(Promise.resolve({ user: USER }), never, 1000);
    jest.advanceTimersByTime(1000);
    await expect(decided).resolves.toEqual({ kind: 'undecided' });
  });
});

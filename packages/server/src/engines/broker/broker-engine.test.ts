import { createBrokerEngine, createRestingOrdersEngine, RESTING_ORDERS_INTERVAL_MS } from './broker-engine';

function setUp(watching = true) {
  const calls: string[] = [];
  let settle: () => void = () => {};
  const deps = {
    paperBroker: { checkRestingOrders: jest.fn(() => calls.push('check')) },
    trading: {
      overview: () => ({ equity: 1 }),
      ordersSettled: () =>
        new Promise<void>((resolve) => {
          calls.push('settling');
          settle = () => {
            calls.push('settled');
            resolve();
          };
        }),
      close: () => calls.push('close'),
    },
    stream: { hasSubscribers: () => watching, publish: jest.fn(() => calls.push('publish')) },
    logger: { error: jest.fn() },
  };
  return {
    engine: createBrokerEngine(deps),
    restingOrders: createRestingOrdersEngine(deps),
    deps,
    calls,
    settle: () => settle(),
  };
}

describe('broker engine', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('each second publishes the portfolio to its watchers', () => {
    const { engine, calls, deps } = setUp();
    engine.start();
    jest.advanceTimersByTime(RESTING_ORDERS_INTERVAL_MS);
    expect(calls).toEqual(['publish']);
    expect(deps.stream.publish).toHaveBeenCalledWith('portfolio', { equity: 1 });
  });

  it('logs a failed publish and keeps its timer', () => {
    const { engine, deps } = setUp();
    deps.stream.publish.mockImplementation(() => {
      throw new Error('socket gone');
    });
    engine.start();
    jest.advanceTimersByTime(2 * RESTING_ORDERS_INTERVAL_MS);
    expect(deps.logger.error).toHaveBeenCalledTimes(2);
    expect(deps.logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ timer: 'portfolio' }),
      'could not publish the portfolio overview',
    );
  });

  it('stops its timer, waits for orders in flight, then closes the order desk', async () => {
    const { engine, calls, settle } = setUp(false);
    engine.start();
    expect(jest.getTimerCount()).toBe(1);
    const stopped = engine.stop();
    expect(jest.getTimerCount()).toBe(0);
    expect(calls).toEqual(['settling']);
    settle();
    await stopped;
    expect(calls).toEqual(['settling', 'settled', 'close']);
  });
});

describe('resting-orders engine', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('checks resting orders each second until stopped, and can start again', async () => {
    const { restingOrders, deps } = setUp();
    restingOrders.start();
    jest.advanceTimersByTime(RESTING_ORDERS_INTERVAL_MS);
    await restingOrders.stop();
    jest.advanceTimersByTime(5 * RESTING_ORDERS_INTERVAL_MS);
    expect(deps.paperBroker.checkRestingOrders).toHaveBeenCalledTimes(1);
    restingOrders.start();
    jest.advanceTimersByTime(RESTING_ORDERS_INTERVAL_MS);
    expect(deps.paperBroker.checkRestingOrders).toHaveBeenCalledTimes(2);
    await restingOrders.stop();
  });

  it('logs a check that throws and keeps checking', () => {
    const { restingOrders, deps } = setUp();
    deps.paperBroker.checkRestingOrders.mockImplementation(() => {
      throw new Error('database busy');
    });
    restingOrders.start();
    jest.advanceTimersByTime(2 * RESTING_ORDERS_INTERVAL_MS);
    expect(deps.paperBroker.checkRestingOrders).toHaveBeenCalledTimes(2);
    expect(deps.logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ timer: 'resting-orders' }),
      'could not read the resting orders',
    );
  });
});

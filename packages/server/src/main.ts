import { buildApp } from './app';
import { loadConfig } from './config';
import { createLogger } from './logger';
import { installProcessPolicy } from './process-policy';
import { createServices } from './services';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const services = createServices(config, logger);
  const app = await buildApp(services);

  // One close for both ways out: a signal, or an uncaught exception (process-policy.ts).
  let closed: Promise<void> | undefined;
  const closeAll = () =>
    (closed ??= (async () => {
      await app.close();
      await services.trading.ordersSettled();
      services.close();
    })());
  services.restart.attach({
    drain: closeAll,
    exit: (code) => process.exit(code),
    supervised: config.restart.supervised,
  });
  installProcessPolicy({ events: process, log: logger, close: closeAll, exit: (code) => process.exit(code) });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await closeAll();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await services.start();
  await app.listen({ host: config.host, port: config.port });
  logger.info(
    { port: config.port, dataDir: config.dataDir, traderEmail: config.traderEmail },
    'API server ready',
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

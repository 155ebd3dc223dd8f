import { markServerStart } from './engines/ops/restart/server-uptime';
import { STANDBY_ENV, type SupervisorMessage } from './engines/ops/restart/supervised-child';
import { buildApp } from './http/app';
import { loadConfig } from './runtime/config';
import { createLogger } from './runtime/logger';
import { installProcessPolicy } from './runtime/process-policy';
import { createRuntime } from './runtime/runtime';

/**
 * A spare under the supervisor (API_STANDBY=1) stops here with every module loaded, until the
 * supervisor says start (with the restart facts for its environment); without a supervisor, at once.
 */
function startSignal(): Promise<void> {
  const send = process.send?.bind(process);
  if (process.env[STANDBY_ENV] !== '1' || !send) return Promise.resolve();
  return new Promise((resolve) => {
    // The supervisor is gone: nothing will ever start this spare.
    const orphaned = () => process.exit(0);
    process.once('disconnect', orphaned);
    const onMessage = (message: SupervisorMessage) => {
      if (message?.type !== 'start') return;
      process.off('message', onMessage);
      process.off('disconnect', orphaned);
      Object.assign(process.env, message.env);
      delete process.env[STANDBY_ENV];
      resolve();
    };
    process.on('message', onMessage);
    send({ type: 'standing-by' } satisfies SupervisorMessage);
  });
}

async function main() {
  await startSignal();
  markServerStart();
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const runtime = createRuntime(config, logger);
  const { services } = runtime;
  const app = await buildApp(services);

  // One close for both ways out: a signal, or an uncaught exception (process-policy.ts).
  let closed: Promise<void> | undefined;
  const closeAll = () =>
    (closed ??= (async () => {
      // Requests first, then the engines in reverse: the loops stop, orders settle, the database closes last.
      await app.close();
      await runtime.stop();
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

  await runtime.start();
  await app.listen({ host: config.host, port: config.port });
  logger.info(
    { port: config.port, dataDir: config.dataDir, traderEmail: config.traderEmail },
    'API server ready',
  );
  // The supervisor loads its next spare only now, so the two never compete for the CPU while starting.
  process.send?.({ type: 'ready' } satisfies SupervisorMessage);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

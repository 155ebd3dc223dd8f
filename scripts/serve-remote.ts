import path from 'node:path';
import { startBundleServer } from './lib/bundle-server';

// The entrypoint of a one-remote image (Dockerfile target `remote`): serves REMOTE_DIST (that remote's
// built dist) on PORT, nothing else. Compiled to CommonJS in the image, so it runs on plain node.
const port = Number(process.env.PORT ?? 8080);
const root = path.resolve(process.env.REMOTE_DIST ?? 'dist');

startBundleServer({ port, host: process.env.BIND_HOST ?? '0.0.0.0', roots: [root] }).then(
  (server) => {
    console.log(`Serving ${root} on :${server.port}`);
    const stop = () => void server.close().then(() => process.exit(0));
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

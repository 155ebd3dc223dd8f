// The floor for `npm run bench -- http`: node:http answering every request with the same status,
// headers and body the API's GET /api/health sent. `node --import tsx tests/bench/bare-http-server.ts '<json>'`
// prints the port it listens on.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const { headers, body } = JSON.parse(process.argv[2] ?? '{}') as {
  headers: Record<string, string>;
  body: string;
};
const bytes = Buffer.from(body);
const server = http.createServer((_request, response) => {
  response.writeHead(200, { ...headers, 'content-length': bytes.length });
  response.end(bytes);
});
server.listen(0, '127.0.0.1', () => console.log((server.address() as AddressInfo).port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));

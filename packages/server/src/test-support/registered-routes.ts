import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
}

// Fastify prints this as the root when a wildcard hangs off it (CORS's `OPTIONS *` does).
const EMPTY_ROOT = '(empty root node)';
// One line of Fastify's route tree: indentation (4 columns a level), a branch, a path piece, methods.
const TREE_LINE = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/;

/**
 * Every method + URL the app serves, read from `app.printRoutes()` (Fastify offers no route list
 * after registration). The prefix tree is used because the flat form drops the prefix of wildcards.
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const pieces: string[] = [];
  const routes: RegisteredRoute[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const match = TREE_LINE.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    pieces.length = depth;
    pieces[depth] = match[2] === EMPTY_ROOT ? '' : (match[2] ?? '');
    const url = pieces.join('');
    for (const method of (match[3] ?? '').split(',')) {
      if (method.trim()) routes.push({ method: method.trim(), url });
    }
  }
  return routes;
}

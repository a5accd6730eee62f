// A plain static file server for the built site: no special headers (no COOP/COEP, no CSP header),
// serving dist/ under a sub-path to prove the build works from anywhere. Loopback only.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
};

export interface StaticServer {
  /** The site's URL, ending in a slash. */
  url: string;
  /** Serves another folder from now on (a deploy of a new build). */
  setDir(dir: string): void;
  close(): Promise<void>;
}

/**
 * Serves `dir` at http://127.0.0.1:<random port><prefix>. `wasmType` is the content type sent for
 * .wasm files: many plain servers send application/octet-stream, which compileStreaming refuses.
 */
export async function serveStatic(
  dir: string,
  { prefix = '/', wasmType = 'application/wasm' } = {},
): Promise<StaticServer> {
  let root = dir;
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (!path.startsWith(prefix)) return void res.writeHead(404).end('not found');
    let file = normalize(join(root, path.slice(prefix.length)));
    if (!file.startsWith(root)) return void res.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) return void res.writeHead(404).end('not found');
    const ext = extname(file);
    res.writeHead(200, { 'content-type': ext === '.wasm' ? wasmType : (TYPES[ext] ?? 'application/octet-stream') });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    setDir: (next) => void (root = next),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

import { createServer } from 'node:https';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { secureContextFor } from './lookup.ts';

/**
 * With HTTPS_PORT set, the app answers HTTPS on that port too, for customers' own domains: the same
 * Fastify app behind a TLS server that picks each connection's certificate by its SNI name from the
 * stored ones (lookup.ts, so an upload or removal applies without a restart). A name without a stored
 * certificate, or no name at all, gets no certificate: the handshake fails rather than show another
 * customer's. It starts and stops with the app's own listener.
 */
export function registerTlsListener(app: FastifyInstance, context: AppContext): void {
  const port = context.env.HTTPS_PORT;
  if (port === undefined) return;
  const server = createServer(
    {
      SNICallback(servername, done) {
        secureContextFor(context, servername).then(
          (secureContext) => (secureContext ? done(null, secureContext) : done(new Error(`no certificate for ${servername}`))),
          (error: Error) => done(error),
        );
      },
    },
    (request, response) => app.routing(request, response),
  );
  server.on('tlsClientError', (error) => app.log.debug({ err: error }, 'TLS handshake refused'));
  app.addHook('onListen', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, context.env.HOST, () => {
        server.off('error', reject);
        resolve();
      });
    });
    app.log.info({ port }, 'HTTPS listener for custom domains');
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}

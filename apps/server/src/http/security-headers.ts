import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Stripe.js, loaded from Stripe only when a card form opens (apps/web/src/features/billing): its script,
 * the frames of its card fields and 3-D Secure, and the API those frames' script calls.
 */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * The Content-Security-Policy of every reply (docs/decisions/0045-web-delivery.md). Script only from this
 * origin, and no inline script: index.html has none and Vite's build adds none. Styles may be inline
 * because Mantine writes style attributes and a <style> element at run time. Images also come from
 * data: and blob: (the builder's previews and uploads), from any https address, since an issuer's
 * email design and portal may show images hosted elsewhere, and from PUBLIC_URL: a portal on its own host
 * shows certificate images from there, which over plain http (the embedded default) `https:` would not
 * cover; an image runs no code.
 */
export const cspDirectives = (publicUrl: string) => ({
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", ...STRIPE.script],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:', new URL(publicUrl).origin],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", ...STRIPE.connect],
  // Tutorial videos play in the players videoEmbedUrl (@laurel/domain) builds.
  frameSrc: ["'self'", ...STRIPE.frame, 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  // Every form of the app submits through script to this origin; sign-in with an SSO provider is a
  // navigation to the provider, not a form post.
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
});

/** The public certificate page (`/c/:token`): issuers embed it in their own sites, so any page may frame it. */
const FRAMEABLE_PAGE = /^\/c\/[^/?]+\/?(\?|$)/;

/** Browser features the app never uses: a page of it (or a script injected into one) cannot ask for them. */
const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'payment=(self "https://js.stripe.com")',
].join(', ');

/** HSTS tells the browser to use HTTPS only: sent only on a request that came over HTTPS. */
const HSTS = 'max-age=31536000';

/**
 * The security headers of every reply, pages and API alike. HSTS is sent only when the request came
 * over HTTPS: the custom-domain TLS listener, or a proxy in TRUST_PROXY saying so in X-Forwarded-Proto
 * (`request.protocol` believes the header only from those). It leaves subdomains alone, since a
 * customer's own domain may have other sites under it.
 */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(publicUrl) },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Certificate images are shown in mail clients and on issuers' sites: they must load across origins.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    xContentTypeOptions: true,
    xFrameOptions: { action: 'deny' },
    xDnsPrefetchControl: { allow: false },
    xPermittedCrossDomainPolicies: { permittedPolicies: 'none' },
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' || !FRAMEABLE_PAGE.test(request.url)) return;
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') reply.header('content-security-policy', policy.replace("frame-ancestors 'none'", 'frame-ancestors *'));
    reply.removeHeader('x-frame-options');
  });
}

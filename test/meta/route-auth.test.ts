import { expect } from 'chai';
import { isKnownScope } from '../../core/src/index.js';
import { startTestApp } from '../helpers/app.js';

/**
 * Builds the app, then adds one route in a plugin of its own: an error thrown by the auth
 * plugin's onRoute guard surfaces as the rejection of that registration.
 */
async function registrationError(config: Record<string, unknown> | undefined): Promise<unknown> {
  const t = await startTestApp();
  try {
    await t.app.register(async (child) => {
      child.get('/v1/test-guard', { ...(config ? { config } : {}), handler: async () => ({ ok: true }) });
    });
    return undefined;
  } catch (error) {
    return error;
  } finally {
    await t.close().catch(() => undefined);
  }
}

describe('route table guard: every route declares config.auth', () => {
  it('every route of the app declares public, authenticated or a known scope', async () => {
    const t = await startTestApp();
    try {
      expect(t.app.routeTable).to.not.be.empty;
      for (const { method, url, auth } of t.app.routeTable) {
        const valid = auth === 'public' || auth === 'authenticated' || (typeof auth === 'object' && isKnownScope(auth.scope));
        expect(valid, `${method} ${url} declares auth ${JSON.stringify(auth)}`).to.equal(true);
      }
    } finally {
      await t.close();
    }
  });

  it('refuses to register a route without a config', async () => {
    expect(String(await registrationError(undefined))).to.match(/GET \/v1\/test-guard does not declare config\.auth/);
  });

  it('refuses to register a route whose config has no auth', async () => {
    expect(String(await registrationError({ oauthErrors: false }))).to.match(/GET \/v1\/test-guard does not declare config\.auth/);
  });

  it('refuses to register a route that requires an unknown scope', async () => {
    expect(String(await registrationError({ auth: { scope: 'read:everything' } }))).to.match(/requires unknown scope read:everything/);
  });

  it('accepts a route that declares its auth', async () => {
    expect(await registrationError({ auth: 'public' })).to.equal(undefined);
  });
});

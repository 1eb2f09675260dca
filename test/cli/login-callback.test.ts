import { expect } from 'chai';
import { listenForCallback } from '../../cli/src/login/loopback-callback.js';

describe('acctl login loopback listener', () => {
  const issuer = 'http://127.0.0.1:8080';

  it('takes the code of an answer with the right state and issuer', async () => {
    const callback = await listenForCallback({ state: 'st-1', timeoutSeconds: 5, issuer });
    try {
      const response = await fetch(`${callback.redirectUri}?code=abc&state=st-1&iss=${encodeURIComponent(issuer)}`);
      expect(response.status).to.equal(200);
      expect(await callback.code).to.equal('abc');
    } finally {
      await callback.close();
    }
  });

  it('refuses an answer from another issuer (RFC 9207 mix-up defence), and one without iss', async () => {
    for (const iss of ['&iss=http%3A%2F%2Fevil.example', '']) {
      const callback = await listenForCallback({ state: 'st-2', timeoutSeconds: 5, issuer });
      try {
        const response = await fetch(`${callback.redirectUri}?code=abc&state=st-2${iss}`);
        expect(response.status).to.equal(400);
        const error = await callback.code.then(
          () => undefined,
          (e: Error) => e,
        );
        expect(error?.message).to.match(/issuer/);
      } finally {
        await callback.close();
      }
    }
  });
});

/**
 * The part of oidc-provider (v9, which ships no types; @types/oidc-provider is not installed) that
 * servers/oidc-provider.ts uses, as its documentation describes it.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface ResourceServer {
    scope: string;
    audience?: string;
    accessTokenTTL?: number;
    accessTokenFormat?: 'opaque' | 'jwt';
    jwt?: { sign?: { alg?: string } };
  }

  interface Configuration {
    clients?: Array<Record<string, unknown>>;
    jwks?: { keys: Array<Record<string, unknown>> };
    scopes?: string[];
    features?: {
      devInteractions?: { enabled: boolean };
      clientCredentials?: { enabled: boolean };
      resourceIndicators?: {
        enabled: boolean;
        defaultResource?: (ctx: unknown, client: unknown, oneOf?: string[]) => string | Promise<string>;
        useGrantedResource?: (ctx: unknown, model: unknown) => boolean | Promise<boolean>;
        getResourceServerInfo?: (ctx: unknown, resourceIndicator: string, client: unknown) => ResourceServer | Promise<ResourceServer>;
      };
    };
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    static errors: { InvalidTarget: new (description?: string) => Error };
  }
}

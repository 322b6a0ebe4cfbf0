// The part of oidc-provider's API the stand-in uses. The package ships no type declarations and
// none are installed; these follow its README (docs/README.md of panva/node-oidc-provider v9).
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string };
  }

  export interface GrantInstance {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  /** What findAccount is handed: for an ID token from the token endpoint, the authorization code. */
  export interface TokenLike {
    grantId?: string;
    acr?: string;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface InteractionResult {
    login?: { accountId: string; acr?: string; amr?: string[] };
    consent?: { grantId: string };
    error?: string;
    error_description?: string;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Record<string, unknown>);
    Grant: new (properties: { accountId: string; clientId: string }) => GrantInstance;
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    interactionDetails(request: IncomingMessage, response: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      request: IncomingMessage,
      response: ServerResponse,
      result: InteractionResult,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}

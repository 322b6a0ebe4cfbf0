// client.users and client.businessUsers: the people and companies who buy and sell.
import { init, unwrap, type Api, type CallOptions, type Schemas } from "./http.ts";

export type UserDetails = Schemas["UserDetails"];

export function usersResource(api: Api) {
  return {
    /** Initiate user connect: the hosted connect page (national eID and consent) for the user's browser. */
    connect: (
      { forceOnboarding, ...body }: Schemas["InitiateUserConnectRequest"] & { forceOnboarding?: boolean },
      options?: CallOptions,
    ) => {
      const query =
        forceOnboarding === undefined
          ? {}
          : { query: { forceOnboarding: forceOnboarding ? ("true" as const) : ("false" as const) } };
      return unwrap<Schemas["RedirectResponse"]>(
        api.POST("/v1/marketplace/users/connect", { params: query, body, ...init(options) }),
      );
    },

    /** Get user details of a connected user. */
    get: (marketplaceUserId: string, options?: CallOptions) =>
      unwrap<Schemas["UserDetails"]>(
        api.GET("/v1/marketplace/users/{marketplaceUserId}", {
          params: { path: { marketplaceUserId } },
          ...init(options),
        }),
      ),

    /** Initiate select payout account: the hosted page where the user picks where payouts go. */
    selectPayoutAccount: (
      marketplaceUserId: string,
      body: Schemas["PayoutAccountRequest"] = {},
      options?: CallOptions,
    ) =>
      unwrap<Schemas["RedirectResponse"]>(
        api.POST("/v1/marketplace/users/{marketplaceUserId}/payout-account", {
          params: { path: { marketplaceUserId } },
          body,
          ...init(options),
        }),
      ),
  };
}

type BusinessRef = { businessId: string; businessLocationId: string };

export function businessUsersResource(api: Api) {
  const path = ({ businessId, businessLocationId }: BusinessRef) => ({ path: { businessId, businessLocationId } });
  return {
    create: (body: Schemas["CreateBusinessUserRequest"], options?: CallOptions) =>
      unwrap<Schemas["CreatedBusinessUser"]>(api.POST("/v1/marketplace/business-users", { body, ...init(options) })),
    get: (ref: BusinessRef, options?: CallOptions) =>
      unwrap<Schemas["BusinessUser"]>(
        api.GET("/v1/marketplace/business-users/{businessId}/{businessLocationId}", {
          params: path(ref),
          ...init(options),
        }),
      ),
    edit: (
      { businessId, businessLocationId, ...body }: BusinessRef & Schemas["EditBusinessUserRequest"],
      options?: CallOptions,
    ) =>
      unwrap<Schemas["BusinessUser"]>(
        api.PUT("/v1/marketplace/business-users/{businessId}/{businessLocationId}", {
          params: path({ businessId, businessLocationId }),
          body,
          ...init(options),
        }),
      ),
    delete: async (ref: BusinessRef, options?: CallOptions): Promise<void> => {
      await unwrap<void>(
        api.DELETE("/v1/marketplace/business-users/{businessId}/{businessLocationId}", {
          params: path(ref),
          ...init(options),
        }),
      );
    },
  };
}

// Business-user operations (spec 4.6; decisions.md §1).
import { COMMON_ERRORS, defineOperation } from "../operation.ts";
import {
  BusinessUser,
  BusinessUserParams,
  CreateBusinessUserBody,
  CreatedBusinessUser,
  EditBusinessUserBody,
} from "../../business-users/schemas.ts";

const BODY_ERRORS = ["malformed-request", "payload-too-large"] as const;
const path = "/v1/marketplace/business-users/{businessId}/{businessLocationId}";

export const createBusinessUser = defineOperation({
  operationId: "createBusinessUser",
  method: "POST",
  path: "/v1/marketplace/business-users",
  summary: "Create business user",
  description:
    "A company seller with a payout account. Only whitelisted company registration numbers (403 " +
    "otherwise); an existing business id and location answers 409 `conflict`.",
  tags: ["Business users"],
  body: CreateBusinessUserBody,
  response: CreatedBusinessUser,
  errors: [
    ...COMMON_ERRORS,
    ...BODY_ERRORS,
    "forbidden",
    "conflict",
    "idempotency-in-progress",
    "idempotency-key-mismatch",
  ],
});

export const getBusinessUser = defineOperation({
  operationId: "getBusinessUser",
  method: "GET",
  path,
  summary: "Get business user",
  description: "One business user by company registration number and production unit.",
  tags: ["Business users"],
  params: BusinessUserParams,
  response: BusinessUser,
  errors: [...COMMON_ERRORS, "forbidden", "not-found"],
});

export const editBusinessUser = defineOperation({
  operationId: "editBusinessUser",
  method: "PUT",
  path,
  summary: "Edit business user",
  description: "Replaces name, phone number, address and payout account; all are required.",
  tags: ["Business users"],
  params: BusinessUserParams,
  body: EditBusinessUserBody,
  response: BusinessUser,
  errors: [...COMMON_ERRORS, ...BODY_ERRORS, "forbidden", "not-found"],
});

export const deleteBusinessUser = defineOperation({
  operationId: "deleteBusinessUser",
  method: "DELETE",
  path,
  summary: "Delete business user",
  description: "Deletes the business user; 204 with no body.",
  tags: ["Business users"],
  params: BusinessUserParams,
  successStatus: 204,
  responseDescription: "Deleted",
  errors: [...COMMON_ERRORS, "forbidden", "not-found"],
});

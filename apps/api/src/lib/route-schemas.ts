import { errorResponseSchema } from '@fics/contracts';

/** OpenAPI security requirement of the routes that take `Authorization: Bearer <accessToken>`. */
export const bearerSecurity = [{ bearerAuth: [] }];

/** Response schemas of the usual failures, all in the one error shape (architecture.md §4). */
export const commonErrorResponses = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

export { CompassClient } from "./client.ts";
export {
  ApiError,
  CompassError,
  type CompassErrorType,
  HttpError,
  NetworkError,
  parseRetryAfter,
  RateLimitError,
  RequestAbortedError,
  TimeoutError,
  type ValidationDetail,
  ValidationError,
} from "./errors.ts";
export * from "./generated/operations.ts";
export type * from "./generated/types.ts";
export { stringifyJson } from "./json.ts";
export type { Pagination } from "./manifest-types.ts";
export { paginate } from "./paginate.ts";
export {
  type ClientOptions,
  type DebugLogger,
  type Hooks,
  newIdempotencyKey,
  type OperationDescriptor,
  type RequestContext,
  type RequestInput,
  type RequestOptions,
  type ResponseContext,
  type RetryOptions,
  SDK_HEADER,
  SDK_VERSION,
  Transport,
} from "./transport.ts";

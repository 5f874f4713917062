export { CompassClient } from "./client.ts";
export {
  ApiError,
  CompassError,
  type CompassErrorType,
  HttpError,
  NetworkError,
  TimeoutError,
  type ValidationDetail,
  ValidationError,
} from "./errors.ts";
export * from "./generated/operations.ts";
export type * from "./generated/types.ts";
export { stringifyJson } from "./json.ts";
export {
  type ClientOptions,
  type OperationDescriptor,
  type RequestInput,
  type RequestOptions,
  type RetryOptions,
  Transport,
} from "./transport.ts";

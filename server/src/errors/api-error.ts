import { errorCatalog, problemTypeFor, type ErrorCode } from './catalog.js';

/** One invalid field of a 400 answer: a JSON Pointer into the request and what is wrong with it. */
export interface InvalidField {
  /** JSON Pointer (RFC 6901) into the request part named by `in`. */
  pointer: string;
  in: 'body' | 'query' | 'params' | 'headers';
  detail: string;
  /** policy_set_refused: why this change of the set cannot be made (version_mismatch, not_found...). */
  code?: string;
  /** policy_set_refused: the policy the change is about, as it is now. */
  policy?: { id?: string; name?: string; version?: number };
  /** policy_owned_elsewhere: the owner (metadata.managed_by) the policy belongs to. */
  owner?: string;
}

/**
 * An error whose message may be shown to the client. Anything thrown that is not an ApiError or
 * OAuthError becomes a 500 `internal_error` with a generic detail; its cause goes to the log only.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors: InvalidField[] | undefined;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, detail?: string, options: { errors?: InvalidField[]; headers?: Record<string, string>; cause?: unknown } = {}) {
    super(detail ?? errorCatalog[code].title, { cause: options.cause });
    this.name = 'ApiError';
    this.code = code;
    this.status = errorCatalog[code].status;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
  }

  toProblem(instance?: string): Problem {
    return {
      type: problemTypeFor(this.code),
      title: errorCatalog[this.code].title,
      status: this.status,
      detail: this.message,
      code: this.code,
      ...(instance ? { instance } : {}),
      ...(this.errors ? { errors: this.errors } : {}),
    };
  }
}

/** RFC 9457 problem details, as schemas/problem.schema.json describes them. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  instance?: string;
  request_id?: string;
  errors?: InvalidField[];
}

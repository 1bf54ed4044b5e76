import { AppError } from '../../http/errors.ts';
import type { ErrorCode } from '../../http/errors.ts';

/** Why an uploaded file (or archive) was refused. */
export type ImportFileErrorReason = 'empty' | 'unsupported' | 'corrupt' | 'too_large' | 'no_samples';

const errorCodeByReason: Record<ImportFileErrorReason, ErrorCode> = {
  empty: 'bad_request',
  unsupported: 'unsupported_media_type',
  corrupt: 'bad_request',
  too_large: 'payload_too_large',
  no_samples: 'bad_request',
};

/**
 * A file the athlete gave us cannot be imported. The message is written for the athlete and names
 * the file; `reason` lets callers count or branch without parsing text. It is an AppError, so the
 * HTTP layer maps it to a 4xx like every other domain error.
 */
export class ImportFileError extends AppError {
  override name = 'ImportFileError';
  readonly reason: ImportFileErrorReason;

  constructor(reason: ImportFileErrorReason, message: string, options: { cause?: unknown } = {}) {
    super(errorCodeByReason[reason], message, options);
    this.reason = reason;
  }
}

import { API_ERROR } from '../../shared/contract/errors';
import { ApiError } from '../apiError';

/**
 * The one password rule (NIST SP 800-63B): at least 12 characters, at most 200 (scrypt hashes any length, the
 * limit only bounds the work a request can ask for), not the e-mail. No composition rules: length is what counts.
 */
export function checkPassword(password: unknown, field: string, email?: string): string {
  const problem =
    typeof password !== 'string'
      ? 'is required'
      : password.length < 12
        ? 'must be at least 12 characters'
        : password.length > 200
          ? 'must be at most 200 characters'
          : email && password.trim().toLowerCase() === email
            ? 'must not be the e-mail address'
            : undefined;
  if (problem)
    throw new ApiError(400, API_ERROR.invalid_request, `${field}: ${problem}`, [{ path: field, message: problem }]);
  return password as string;
}

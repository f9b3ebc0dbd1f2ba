/**
 * A mistake in what the owner gave the command (a file, its header, its format): printed as one message
 * without a stack trace, exit code 2, since there is nothing to debug, only something to fix in the input.
 */
export class InputError extends Error {
  override name = 'InputError';
}

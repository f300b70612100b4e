/**
 * The input rule of decision 0028, shared by the API (which refuses such text
 * with 400 VALIDATION_FAILED) and the web (which drops such URL values, as it
 * drops any malformed one): text is well-formed Unicode without control
 * characters other than tab, line feed and carriage return.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** With the `u` flag a surrogate range matches only surrogates that are not half of a pair. */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

/** Why `text` is not acceptable input, or undefined when it is. */
export function textProblem(text: string): string | undefined {
  if (CONTROL.test(text)) return 'contains a control character (such as NUL)';
  if (LONE_SURROGATE.test(text)) return 'is not valid Unicode (a lone surrogate)';
  return undefined;
}

import type { z } from 'zod';
import { DomainError } from '../errors/domain-error.js';

/**
 * Parses input with a schema, turning every issue into one message that names the field,
 * e.g. "limit: must be an integer from 1 to 100".
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, subject: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new DomainError('invalid_request', describeIssues(result.error.issues, subject), { cause: result.error });
}

export function describeIssues(issues: readonly z.core.$ZodIssue[], subject: string): string {
  // A value can break several checks that share one rule text: say it once.
  return [...new Set(issues.map((issue) => describeIssue(issue, subject)))].join('; ');
}

function describeIssue(issue: z.core.$ZodIssue, subject: string): string {
  if (issue.code === 'unrecognized_keys') {
    const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return `${where}unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  }
  const field = issue.path.length > 0 ? issue.path.join('.') : subject;
  return `${field}: ${issue.message}`;
}

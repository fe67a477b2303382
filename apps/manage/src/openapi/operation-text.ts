import type { z } from 'zod';

/** What the document says of one operation beyond what the catalogue and the door's table say. */
export interface OperationText {
  summary: string;
  description: string;
  /** The query parameters it takes, as one object schema (each property a parameter, none required). */
  query?: z.ZodObject;
  /** The JSON body it takes, named in the document's components; none for an operation without input. */
  input?: { name: string; schema: z.ZodType };
  /** Its success: the status, and the answer's schema unless it has no body. */
  success: { status: 200 | 201 | 202 | 204; description: string; answer?: { name: string; schema: z.ZodType } };
  /** Whether it honours an `Idempotency-Key` header: a retried create with the same key and body makes nothing new. */
  idempotencyKey?: true;
  /** What the answer does to the session cookie. */
  cookie?: 'sets' | 'clears';
  /** Refusals particular to the operation, beyond those every operation of its callers may meet. */
  refusals?: Array<404 | 409 | 410>;
}

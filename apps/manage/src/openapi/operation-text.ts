import type { z } from 'zod';

/** What the document says of one operation beyond what the catalogue and the door's table say. */
export interface OperationText {
  summary: string;
  description: string;
  /** The JSON body it takes, named in the document's components (`optional`: it may be left out); none for an operation without input. */
  input?: { name: string; schema: z.ZodType; optional?: boolean };
  /** Its success: the status, and the answer's schema unless it has no body. */
  success: { status: 200 | 201 | 202 | 204; description: string; answer?: { name: string; schema: z.ZodType } };
  /** Whether the success names what it created in `Location`. */
  location?: true;
  /** What the answer does to the session cookie. */
  cookie?: 'sets' | 'clears';
  /** Refusals particular to the operation, beyond those every operation of its callers may meet. */
  refusals?: Array<404 | 409 | 410>;
  /** Why the operation answers one of them, after the common sentence: the rules of the caller or the stored state that no schema states. */
  refusalNotes?: Partial<Record<404 | 409 | 410, string>>;
  /** The query parameters it reads, one per field of the object, as the door parses them. */
  query?: z.ZodObject;
  /** The request headers it reads beyond those every operation may send (`Idempotency-Key`). */
  /** Each with the schema the service checks it with. */
  headers?: Array<{ name: string; description: string; schema: z.ZodType }>;
}

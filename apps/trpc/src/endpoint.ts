/**
 * Where the tRPC door listens and how many calls one batched request may carry. The server and
 * the client both read these, so the client never builds a batch the server would refuse.
 */
export const TRPC_PREFIX = '/trpc';

export const MAX_BATCH_SIZE = 10;

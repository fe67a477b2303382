import { petsRouter } from './pets-procedures.js';
import { router } from './trpc.js';

export const appRouter = router({ pets: petsRouter });

/** The router's type, all a typed client needs; import it with `import type`. */
export type AppRouter = typeof appRouter;

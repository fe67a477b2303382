import { UsageError } from './usage-error.js';

/** An option's value is wrong: reported on one line naming the option, exit 2. */
export class BadValueError extends UsageError {}

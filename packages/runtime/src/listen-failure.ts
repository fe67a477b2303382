/** sysexits.h: a temporary failure (the port may be free on a retry), and a permission denied. */
export const EXIT_ADDRESS_IN_USE = 75;
export const EXIT_NO_PERMISSION = 77;

export interface StartRefusal {
  exitCode: number;
  message: string;
}

/**
 * Why the server could not listen, as one line for the operator, or undefined for a failure
 * that has no such explanation (and should surface as it is). The port is named: it is what
 * the operator must change or free.
 */
export function listenFailure(error: unknown, port: number): StartRefusal | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE') {
    return {
      exitCode: EXIT_ADDRESS_IN_USE,
      message: `cannot start: port ${port} is already in use (PORT); stop what holds it or choose another port`,
    };
  }
  if (code === 'EACCES') {
    return {
      exitCode: EXIT_NO_PERMISSION,
      message: `cannot start: listening on port ${port} is not permitted (PORT); use a port from 1024 up or grant the permission`,
    };
  }
  return undefined;
}

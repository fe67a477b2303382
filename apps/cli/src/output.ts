/** Where commands write: lines to standard output (results) and standard error (notices, errors). */
export interface Output {
  out(line: string): void;
  err(line: string): void;
}

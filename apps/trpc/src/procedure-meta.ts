/** What a procedure declares about itself, for tooling that lists procedures (docs, linters). */
export interface ProcedureMeta {
  deprecated?: boolean;
  /** ISO date (YYYY-MM-DD) from which the procedure answers "gone". */
  sunset?: string;
}
